import { api } from '../../../lib/api-client.ts';

export const RETRIEVE_STEP1_PATH = '/account/retrieve-password-step1';

/** POST /api/account/retrieve-password-step1 { email, verifyCode } → { resetToken } (valid 5 minutes). */
export function retrievePasswordStep1(body: { email: string; verifyCode: string }): Promise<{ resetToken: string }> {
  return api.post<{ resetToken: string }>(RETRIEVE_STEP1_PATH, body, { errorMode: 'message' });
}
