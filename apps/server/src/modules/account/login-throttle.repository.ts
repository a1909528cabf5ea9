import { and, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { loginThrottles } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for login_throttles. */
export type LoginThrottleRow = typeof loginThrottles.$inferSelect;

/** The rows of these keys (absent keys have no failures). */
export async function findThrottles(db: DbOrTx, keys: string[]): Promise<LoginThrottleRow[]> {
  return db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys));
}

/**
 * The row of `key` locked for this transaction (`FOR UPDATE`), created empty first if absent, so
 * two instances counting a failure on one key at once count it twice, never once.
 */
export async function lockThrottle(tx: DbOrTx, key: string, now: Date): Promise<LoginThrottleRow> {
  await tx
    .insert(loginThrottles)
    .values({ key, failures: 0, provenFailures: 0, lastFailedAt: now, expiresAt: now })
    .onConflictDoNothing();
  const rows = await tx.select().from(loginThrottles).where(eq(loginThrottles.key, key)).for('update');
  return rows[0]!;
}

export async function saveThrottle(tx: DbOrTx, row: LoginThrottleRow): Promise<void> {
  const { key, ...rest } = row;
  await tx.update(loginThrottles).set(rest).where(eq(loginThrottles.key, key));
}

/** A successful sign-in forgets the failures of its e-mail (an IP's stay until they expire). */
export async function deleteThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

/** Sweeper claim: throttle rows past their quiet window (or lock). */
export function claimExpiredThrottles(tx: Tx, now: Date, limit: number): Promise<LoginThrottleRow[]> {
  return claimDue(tx, loginThrottles, loginThrottles.expiresAt, { now, limit });
}

/** Sweeper delete: a row whose window (and lock) has passed, re-checked. */
export async function deleteExpiredThrottle(db: DbOrTx, key: string, now: Date): Promise<void> {
  await db.delete(loginThrottles).where(and(eq(loginThrottles.key, key), lte(loginThrottles.expiresAt, now)));
}
