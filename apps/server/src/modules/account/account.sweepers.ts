import type { Sweeper, SweepHandler } from '../../platform/sweeper.ts';
import { claimExpiredResets, deleteExpiredReset, type PasswordResetRow } from './account.repository.ts';
import { claimExpiredThrottles, deleteExpiredThrottle, type LoginThrottleRow } from './login-throttle.repository.ts';
import { claimExpiredSessions, deleteExpiredSession, type SessionRow } from './session.repository.ts';
import {
  type CaptchaSolutionRow,
  claimExpiredCaptchas,
  claimExpiredCodes,
  claimExpiredLocks,
  deleteExpiredCaptcha,
  deleteExpiredCode,
  deleteExpiredLock,
  type VerificationCodeRow,
  type VerificationLockRow,
} from './verification.repository.ts';

/** Expired rows of one table go, 500 to a transaction. */
function expire<Row>(
  sweeper: Sweeper,
  name: string,
  claim: SweepHandler<Row>['claim'],
  apply: SweepHandler<Row>['apply'],
) {
  sweeper.register<Row>({ name, batchSize: 500, claim, apply });
}

/**
 * Housekeeping of the account tables: expired codes, locks, captcha solutions, reset tokens,
 * sessions and sign-in throttle rows past their quiet window go.
 */
export function registerAccountSweepers(sweeper: Sweeper): void {
  expire<VerificationCodeRow>(sweeper, 'account.codes.expire', claimExpiredCodes, (tx, row, now) =>
    deleteExpiredCode(tx, row.id, now),
  );
  expire<VerificationLockRow>(sweeper, 'account.code-locks.expire', claimExpiredLocks, (tx, row, now) =>
    deleteExpiredLock(tx, row.scene, row.target, now),
  );
  expire<CaptchaSolutionRow>(sweeper, 'account.captcha.expire', claimExpiredCaptchas, (tx, row, now) =>
    deleteExpiredCaptcha(tx, row.challenge, now),
  );
  expire<PasswordResetRow>(sweeper, 'account.resets.expire', claimExpiredResets, (tx, row, now) =>
    deleteExpiredReset(tx, row.tokenHash, now),
  );
  expire<SessionRow>(sweeper, 'account.sessions.expire', claimExpiredSessions, (tx, row, now) =>
    deleteExpiredSession(tx, row.id, now),
  );
  expire<LoginThrottleRow>(sweeper, 'account.login-throttles.expire', claimExpiredThrottles, (tx, row, now) =>
    deleteExpiredThrottle(tx, row.key, now),
  );
}
