import type { Sweeper } from '../../platform/sweeper.ts';
import { type PasswordResetRow, claimExpiredResets, deleteExpiredReset } from './account.repository.ts';
import { type LoginThrottleRow, claimExpiredThrottles, deleteExpiredThrottle } from './login-throttle.repository.ts';
import { type SessionRow, claimExpiredSessions, deleteExpiredSession } from './session.repository.ts';
import {
  type CaptchaSolutionRow,
  type VerificationCodeRow,
  type VerificationLockRow,
  claimExpiredCaptchas,
  claimExpiredCodes,
  claimExpiredLocks,
  deleteExpiredCaptcha,
  deleteExpiredCode,
  deleteExpiredLock,
} from './verification.repository.ts';

/**
 * Housekeeping of the account tables: expired codes, locks, captcha solutions, reset tokens,
 * sessions and sign-in throttle rows past their quiet window go.
 */
export function registerAccountSweepers(sweeper: Sweeper): void {
  sweeper.register<VerificationCodeRow>({
    name: 'account.codes.expire',
    batchSize: 500,
    claim: claimExpiredCodes,
    apply: (tx, row, now) => deleteExpiredCode(tx, row.id, now),
  });
  sweeper.register<VerificationLockRow>({
    name: 'account.code-locks.expire',
    batchSize: 500,
    claim: claimExpiredLocks,
    apply: (tx, row, now) => deleteExpiredLock(tx, row.scene, row.target, now),
  });
  sweeper.register<CaptchaSolutionRow>({
    name: 'account.captcha.expire',
    batchSize: 500,
    claim: claimExpiredCaptchas,
    apply: (tx, row, now) => deleteExpiredCaptcha(tx, row.challenge, now),
  });
  sweeper.register<PasswordResetRow>({
    name: 'account.resets.expire',
    batchSize: 500,
    claim: claimExpiredResets,
    apply: (tx, row, now) => deleteExpiredReset(tx, row.tokenHash, now),
  });
  sweeper.register<SessionRow>({
    name: 'account.sessions.expire',
    batchSize: 500,
    claim: claimExpiredSessions,
    apply: (tx, row, now) => deleteExpiredSession(tx, row.id, now),
  });
  sweeper.register<LoginThrottleRow>({
    name: 'account.login-throttles.expire',
    batchSize: 500,
    claim: claimExpiredThrottles,
    apply: (tx, row, now) => deleteExpiredThrottle(tx, row.key, now),
  });
}
