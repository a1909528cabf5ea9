import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { accessKeys, mfaChallenges, userMfa } from '../../db/schema/index.ts';

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

/** One attempt less on an open challenge; the updated row, or undefined when it was no longer open. */
export async function spendChallengeAttempt(db: DbOrTx, id: string): Promise<MfaChallengeRow | undefined> {
  const rows = await db
    .update(mfaChallenges)
    .set({
      attemptsLeft: sql`${mfaChallenges.attemptsLeft} - 1`,
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

/** The latest failed challenge of a user since a time (the MFA lock after attempts ran out). */
export async function findRecentFailedChallenge(
  db: DbOrTx,
  userId: bigint,
  since: Date,
): Promise<MfaChallengeRow | undefined> {
  const rows = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(eq(mfaChallenges.userId, userId), eq(mfaChallenges.status, 'failed'), gt(mfaChallenges.createdAt, since)),
    )
    .orderBy(desc(mfaChallenges.createdAt))
    .limit(1);
  return rows[0];
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
