import { fieldErrorsOf, isApiError, retryAfterSecondsOf } from '../../../lib/api-client.ts';

/** Error codes the account pages place next to a field or act on. */
export const ACCOUNT_CODES = {
  invalidCredentials: 'Account.InvalidCredentials',
  locked: 'Account.Locked',
  emailRegistered: 'Account.EmailRegistered',
  resetExpired: 'Account.ResetExpired',
  agreementRequired: 'Account.AgreementRequired',
  codeInvalid: 'Verification.CodeInvalid',
  codeAttemptsExceeded: 'Verification.AttemptsExceeded',
  captchaRequired: 'Verification.CaptchaRequired',
  captchaInvalid: 'Verification.CaptchaInvalid',
  tooManyCodeRequests: 'Verification.TooManyRequests',
  tooManyRequests: 'Request.TooManyRequests',
} as const;

export function hasCode(error: unknown, ...codes: string[]): boolean {
  return isApiError(error) && codes.includes(error.code);
}

/** The server refused the captcha param (missing, used or expired): a new captcha is needed. */
export function isCaptchaRejection(error: unknown): boolean {
  return hasCode(error, ACCOUNT_CODES.captchaRequired, ACCOUNT_CODES.captchaInvalid);
}

/** A wrong or dead verification code: its message goes under the code field. */
export function isCodeRejection(error: unknown): boolean {
  if (hasCode(error, ACCOUNT_CODES.codeInvalid, ACCOUNT_CODES.codeAttemptsExceeded)) return true;
  return Boolean(fieldErrorsOf(error).verifyCode);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Attempts left on a wrong code (`attemptsLeft` / `remainingAttempts` in the error data), when given. */
export function attemptsLeftOf(error: unknown): number | undefined {
  if (!isApiError(error) || !isRecord(error.data)) return undefined;
  for (const key of ['attemptsLeft', 'remainingAttempts', 'allowedAttempts']) {
    const value = error.data[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  }
  return undefined;
}

/**
 * When a locked account (or a rate limit) ends: an ISO time in the error data (`lockedUntil`, `unlockAt`,
 * `unlockTime`, `until`), else now + `retryAfterSeconds`. Null when the server gives neither.
 */
export function unlockTimeOf(error: unknown, now: number = Date.now()): Date | null {
  if (!isApiError(error)) return null;
  const data = error.data;
  if (isRecord(data)) {
    for (const key of ['lockedUntil', 'unlockAt', 'unlockTime', 'until']) {
      const value = data[key];
      if (typeof value === 'string' || typeof value === 'number') {
        const date = new Date(value);
        if (!Number.isNaN(date.getTime())) return date;
      }
    }
  }
  const seconds = retryAfterSecondsOf(data);
  return seconds === undefined ? null : new Date(now + seconds * 1000);
}
