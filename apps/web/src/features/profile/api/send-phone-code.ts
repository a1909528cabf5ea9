import type { VerificationScene } from '@namebourse/contract';
import { api } from '../../../lib/api-client';

export const SEND_VERIFICATION_CODE_PATH = '/account/send-verification-code';

export interface SendPhoneCodeInput {
  sceneCode: Extract<VerificationScene, 'UPDATE_CONTACT_PHONE' | 'UPDATE_BILLING_PHONE'>;
  phone: string;
  phoneCountryCode: string;
}

/**
 * POST /api/account/send-verification-code for a new contact or billing phone; resolves with
 * `{ retryAfterSeconds }` (the CodeButton counts down; Verification.TooManyRequests too).
 */
export function sendPhoneCode(body: SendPhoneCodeInput): Promise<{ retryAfterSeconds: number }> {
  return api.post<{ retryAfterSeconds: number }>(SEND_VERIFICATION_CODE_PATH, body);
}
