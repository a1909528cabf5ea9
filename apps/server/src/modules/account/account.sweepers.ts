import {
  captchaSolutions,
  loginThrottles,
  passwordResets,
  sessions,
  verificationCodes,
  verificationLocks,
} from '../../db/schema/index.ts';
import type { Sweeper } from '../../platform/sweeper.ts';
import { claimDue } from '../../platform/sweeper.ts';
import { deleteExpiredReset } from './account.repository.ts';
import { deleteExpiredThrottle } from './login-throttle.repository.ts';
import { deleteExpiredSession } from './session.repository.ts';
import { deleteExpiredCaptcha, deleteExpiredCode, deleteExpiredLock } from './verification.repository.ts';

/**
 * Housekeeping of the account tables: expired codes, locks, captcha solutions, reset tokens,
 * sessions and sign-in throttle rows past their quiet window go.
 */
export function registerAccountSweepers(sweeper: Sweeper): void {
  sweeper.register<typeof verificationCodes.$inferSelect>({
    name: 'account.codes.expire',
    batchSize: 500,
    claim: (tx, now, limit) => claimDue(tx, verificationCodes, verificationCodes.expiresAt, { now, limit }),
    apply: (tx, row, now) => deleteExpiredCode(tx, row.id, now),
  });
  sweeper.register<typeof verificationLocks.$inferSelect>({
    name: 'account.code-locks.expire',
    batchSize: 500,
    claim: (tx, now, limit) => claimDue(tx, verificationLocks, verificationLocks.lockedUntil, { now, limit }),
    apply: (tx, row, now) => deleteExpiredLock(tx, row.scene, row.target, now),
  });
  sweeper.register<typeof captchaSolutions.$inferSelect>({
    name: 'account.captcha.expire',
    batchSize: 500,
    claim: (tx, now, limit) => claimDue(tx, captchaSolutions, captchaSolutions.expiresAt, { now, limit }),
    apply: (tx, row, now) => deleteExpiredCaptcha(tx, row.challenge, now),
  });
  sweeper.register<typeof passwordResets.$inferSelect>({
    name: 'account.resets.expire',
    batchSize: 500,
    claim: (tx, now, limit) => claimDue(tx, passwordResets, passwordResets.expiresAt, { now, limit }),
    apply: (tx, row, now) => deleteExpiredReset(tx, row.tokenHash, now),
  });
  sweeper.register<typeof sessions.$inferSelect>({
    name: 'account.sessions.expire',
    batchSize: 500,
    claim: (tx, now, limit) => claimDue(tx, sessions, sessions.expiresAt, { now, limit }),
    apply: (tx, row, now) => deleteExpiredSession(tx, row.id, now),
  });
  sweeper.register<typeof loginThrottles.$inferSelect>({
    name: 'account.login-throttles.expire',
    batchSize: 500,
    claim: (tx, now, limit) => claimDue(tx, loginThrottles, loginThrottles.expiresAt, { now, limit }),
    apply: (tx, row, now) => deleteExpiredThrottle(tx, row.key, now),
  });
}
