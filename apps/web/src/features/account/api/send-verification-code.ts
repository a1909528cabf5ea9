import type { SendVerificationCodeBody } from '@namebourse/contract';
import { api } from '../../../lib/api-client';

export const SEND_CODE_PATH = '/account/send-verification-code';

/**
 * POST /api/account/send-verification-code → { retryAfterSeconds }. Errors are shown by the caller
 * (the CodeButton counts down Verification.TooManyRequests itself).
 */
export function sendVerificationCode(body: SendVerificationCodeBody): Promise<{ retryAfterSeconds: number }> {
  return api.post<{ retryAfterSeconds: number }>(SEND_CODE_PATH, body, { errorMode: 'message' });
}
