import type { VerificationScene } from '@namebourse/contract';
import { api } from '../../../lib/api-client';

export const SEND_CODE_PATH = '/account/send-verification-code';

export interface SendCodeInput {
  sceneCode: Extract<VerificationScene, 'UPDATE_SECURITY_PHONE' | 'MFA_BY_SECURITY_EMAIL'>;
  email?: string;
  phone?: string;
  phoneCountryCode?: string;
}

/**
 * POST /api/account/send-verification-code → { retryAfterSeconds }. Used by CodeButton, which counts down
 * (also from Verification.TooManyRequests); other failures are toasts.
 */
export function sendVerificationCode(body: SendCodeInput): Promise<{ retryAfterSeconds?: number }> {
  return api.post<{ retryAfterSeconds?: number }>(SEND_CODE_PATH, body);
}
