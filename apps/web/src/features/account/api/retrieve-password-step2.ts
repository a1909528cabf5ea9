import { api } from '../../../lib/api-client.ts';

export const RETRIEVE_STEP2_PATH = '/account/retrieve-password-step2';

/** POST /api/account/retrieve-password-step2 { resetToken, password }. */
export function retrievePasswordStep2(body: { resetToken: string; password: string }): Promise<unknown> {
  return api.post<unknown>(RETRIEVE_STEP2_PATH, body, { errorMode: 'message' });
}
