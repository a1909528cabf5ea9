import type { SendVerificationCodeBody } from '@namebourse/contract';
import { api, type CallOptions } from './api-client.ts';

export const SEND_VERIFICATION_CODE_PATH = '/account/send-verification-code';

export interface SendVerificationCodeResult {
  retryAfterSeconds: number;
}

/**
 * POST /api/account/send-verification-code → { retryAfterSeconds }, for every scene (sign-up, find
 * password, contact / billing / security phone, security e-mail, MFA). Used through CodeButton,
 * which counts down (also from Verification.TooManyRequests); other failures follow `options.errorMode`
 * (a toast by default).
 */
export function sendVerificationCode(
  body: SendVerificationCodeBody,
  options?: Pick<CallOptions, 'errorMode' | 'handlers' | 'signal'>,
): Promise<SendVerificationCodeResult> {
  return api.post<SendVerificationCodeResult>(SEND_VERIFICATION_CODE_PATH, body, options);
}
