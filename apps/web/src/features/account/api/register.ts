import type { AccountIdentity, RegisterBody } from '@namebourse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const REGISTER_PATH = '/account/register';

/** POST /api/account/register → { accountNo, nickname }; the new account is signed in. */
export function register(body: RegisterBody): Promise<AccountIdentity> {
  return api.post<AccountIdentity>(REGISTER_PATH, body, { errorMode: 'message' });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
