import type { AccountIdentity, LoginBody } from '@namebourse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const LOGIN_PATH_API = '/account/login';

/**
 * POST /api/account/login → { accountNo, nickname }. After a few failures the server asks for a solved captcha
 * (Verification.CaptchaRequired): send its captchaVerifyParam. With MFA on, the pipeline opens the MFA dialog on
 * Account.Mfa.Required and resolves with the retried call; closing the dialog rejects with Account.Mfa.Cancelled.
 */
export function login(body: Pick<LoginBody, 'email' | 'password' | 'captchaVerifyParam'>): Promise<AccountIdentity> {
  return api.post<AccountIdentity>(LOGIN_PATH_API, body, { errorMode: 'message' });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
