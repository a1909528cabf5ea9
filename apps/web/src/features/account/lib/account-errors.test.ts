import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { attemptsLeftOf, isCaptchaRejection, isCodeRejection, unlockTimeOf } from './account-errors.ts';

const err = (code: string, data?: unknown) => new ApiError({ code, message: code, data });

describe('account error helpers', () => {
  it('recognises captcha and code rejections', () => {
    expect(isCaptchaRejection(err('Verification.CaptchaInvalid'))).toBe(true);
    expect(isCaptchaRejection(err('Verification.CodeInvalid'))).toBe(false);
    expect(isCodeRejection(err('Verification.AttemptsExceeded'))).toBe(true);
    expect(isCodeRejection(err('Request.Invalid', { fields: { verifyCode: 'Invalid' } }))).toBe(true);
    expect(isCodeRejection(new Error('x'))).toBe(false);
  });

  it('reads the attempts left', () => {
    expect(attemptsLeftOf(err('Verification.CodeInvalid', { attemptsLeft: 3 }))).toBe(3);
    expect(attemptsLeftOf(err('Verification.CodeInvalid', { remainingAttempts: 0 }))).toBe(0);
    expect(attemptsLeftOf(err('Verification.CodeInvalid'))).toBeUndefined();
  });

  it('finds the unlock time from a timestamp or retryAfterSeconds', () => {
    expect(unlockTimeOf(err('Account.Locked', { lockedUntil: '2026-01-01T00:10:00Z' }))?.toISOString()).toBe(
      '2026-01-01T00:10:00.000Z',
    );
    expect(unlockTimeOf(err('Account.Locked', { retryAfterSeconds: 60 }), 0)?.getTime()).toBe(60_000);
    expect(unlockTimeOf(err('Account.Locked', { lockedUntil: 'nonsense' }))).toBeNull();
    expect(unlockTimeOf(err('Account.Locked'))).toBeNull();
  });
});
