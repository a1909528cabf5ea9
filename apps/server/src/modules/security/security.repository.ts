import { and, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { accessKeys, mfaChallenges, userMfa } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for user_mfa, mfa_challenges and access_keys. */
export type UserMfaRow = typeof userMfa.$inferSelect;
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;
export type AccessKeyRow = typeof accessKeys.$inferSelect;

// ---- user_mfa ----

export async function findUserMfa(db: DbOrTx, userId: bigint): Promise<UserMfaRow | undefined> {
  const rows = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  return rows[0];
}

/** Creates or updates the user's MFA row with the given fields. */
export async function upsertUserMfa(
  db: DbOrTx,
  userId: bigint,
  fields: Partial<Omit<typeof userMfa.$inferInsert, 'userId' | 'updatedAt'>>,
  now: Date,
): Promise<UserMfaRow> {
  const rows = await db
    .insert(userMfa)
    .values({ userId, ...fields, updatedAt: now })
    .onConflictDoUpdate({ target: userMfa.userId, set: { ...fields, updatedAt: now } })
    .returning();
  return rows[0]!;
}

/** Records an accepted TOTP step; false when that step (or a later one) was already accepted (replay). */
export async function advanceTotpStep(db: DbOrTx, userId: bigint, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userMfa)
    .set({ totpLastStep: step, updatedAt: now })
    .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.totpLastStep), lt(userMfa.totpLastStep, step))))
    .returning({ userId: userMfa.userId });
  return rows.length === 1;
}

// ---- mfa_challenges ----

export async function insertChallenge(db: DbOrTx, row: typeof mfaChallenges.$inferInsert): Promise<MfaChallengeRow> {
  const rows = await db.insert(mfaChallenges).values(row).returning();
  return rows[0]!;
}

export async function findChallenge(db: DbOrTx, id: string): Promise<MfaChallengeRow | undefined> {
  const rows = await db.select().from(mfaChallenges).where(eq(mfaChallenges.id, id)).limit(1);
  return rows[0];
}

/** One attempt less on an open challenge (a wrong code at `now`); the updated row, or undefined when it was no longer open. */
export async function spendChallengeAttempt(db: DbOrTx, id: string, now: Date): Promise<MfaChallengeRow | undefined> {
  const rows = await db
    .update(mfaChallenges)
    .set({
      attemptsLeft: sql`${mfaChallenges.attemptsLeft} - 1`,
      lastFailedAt: now,
      status: sql`case when ${mfaChallenges.attemptsLeft} <= 1 then 'failed' else 'open' end`,
    })
    .where(and(eq(mfaChallenges.id, id), eq(mfaChallenges.status, 'open')))
    .returning();
  return rows[0];
}

/** Moves a challenge from one status to another; false when it was not in `from` (a race lost). */
export async function transitionChallenge(
  db: DbOrTx,
  id: string,
  from: MfaChallengeRow['status'],
  to: MfaChallengeRow['status'],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ status: to, ...(to === 'passed' || to === 'used' ? { passedAt: now } : {}) })
    .where(and(eq(mfaChallenges.id, id), eq(mfaChallenges.status, from)))
    .returning({ id: mfaChallenges.id });
  return rows.length === 1;
}

/**
 * Wrong MFA codes of a user: the attempts spent on their challenges whose last failure is after
 * `since`, the time of the latest failure, and whether one of those challenges ran out of attempts.
 */
export async function recentMfaFailures(
  db: DbOrTx,
  userId: bigint,
  attemptsPerChallenge: number,
  since: Date,
): Promise<{ failures: number; lastFailedAt: Date | null; exhausted: boolean }> {
  const rows = await db
    .select({ attemptsLeft: mfaChallenges.attemptsLeft, status: mfaChallenges.status, at: mfaChallenges.lastFailedAt })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, userId), gt(mfaChallenges.lastFailedAt, since)));
  let failures = 0;
  let lastFailedAt: Date | null = null;
  let exhausted = false;
  for (const row of rows) {
    failures += Math.max(0, attemptsPerChallenge - row.attemptsLeft);
    if (row.status === 'failed') exhausted = true;
    if (row.at && (!lastFailedAt || row.at > lastFailedAt)) lastFailedAt = row.at;
  }
  return { failures, lastFailedAt, exhausted };
}

/** Expires the user's open challenges except the newest `keep` (a user has few open challenges at once). */
export async function expireOlderOpenChallenges(db: DbOrTx, userId: bigint, keep: number): Promise<void> {
  const open = and(eq(mfaChallenges.userId, userId), eq(mfaChallenges.status, 'open'));
  const newest = await db
    .select({ id: mfaChallenges.id })
    .from(mfaChallenges)
    .where(open)
    .orderBy(desc(mfaChallenges.createdAt), desc(mfaChallenges.id))
    .limit(keep);
  const ids = newest.map((r) => r.id);
  await db
    .update(mfaChallenges)
    .set({ status: 'expired' })
    .where(ids.length > 0 ? and(open, notInArray(mfaChallenges.id, ids)) : open);
}

/** Sweeper claim: challenges that expired before `before` (finished ones included). */
export function claimChallengesExpiredBefore(tx: Tx, before: Date, limit: number): Promise<MfaChallengeRow[]> {
  return claimDue(tx, mfaChallenges, mfaChallenges.expiresAt, { now: before, limit });
}

/** Housekeeping: deletes a challenge (the sweeper claims those expired for over a day). */
export async function deleteChallenges(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(mfaChallenges).where(inArray(mfaChallenges.id, ids));
}

// ---- access_keys ----

export async function insertAccessKeyIfAbsent(
  db: DbOrTx,
  row: typeof accessKeys.$inferInsert,
): Promise<AccessKeyRow | undefined> {
  const rows = await db.insert(accessKeys).values(row).onConflictDoNothing({ target: accessKeys.keyId }).returning();
  return rows[0];
}

/** A key that is not deleted, by its public id. */
export async function findLiveAccessKey(db: DbOrTx, keyId: string): Promise<AccessKeyRow | undefined> {
  const rows = await db
    .select()
    .from(accessKeys)
    .where(and(eq(accessKeys.keyId, keyId), isNull(accessKeys.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function listLiveAccessKeys(db: DbOrTx, userId: bigint): Promise<AccessKeyRow[]> {
  return db
    .select()
    .from(accessKeys)
    .where(and(eq(accessKeys.userId, userId), isNull(accessKeys.deletedAt)))
    .orderBy(accessKeys.createdAt, accessKeys.id);
}

export async function countLiveAccessKeys(db: DbOrTx, userId: bigint): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accessKeys)
    .where(and(eq(accessKeys.userId, userId), isNull(accessKeys.deletedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** Updates a live key of this user; undefined when there is none. */
export async function updateLiveAccessKey(
  db: DbOrTx,
  userId: bigint,
  keyId: string,
  fields: Partial<Pick<AccessKeyRow, 'status' | 'ipWhiteList' | 'deletedAt'>>,
): Promise<AccessKeyRow | undefined> {
  const rows = await db
    .update(accessKeys)
    .set(fields)
    .where(and(eq(accessKeys.userId, userId), eq(accessKeys.keyId, keyId), isNull(accessKeys.deletedAt)))
    .returning();
  return rows[0];
}

export async function touchAccessKey(db: DbOrTx, id: bigint, now: Date): Promise<void> {
  await db.update(accessKeys).set({ lastUsedAt: now }).where(eq(accessKeys.id, id));
}
