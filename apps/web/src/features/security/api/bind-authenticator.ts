import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const BIND_AUTHENTICATOR_PATH = '/account-manage/bind-authenticator';

export interface BindAuthenticatorInput {
  secret: string;
  code: string;
}

/** POST /api/account-manage/bind-authenticator (MFA-guarded; the pipeline runs the dialog). */
export function bindAuthenticator(body: BindAuthenticatorInput): Promise<unknown> {
  return api.post(BIND_AUTHENTICATOR_PATH, body, { errorMode: 'message' });
}

export function useBindAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindAuthenticator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.info() }),
  });
}
