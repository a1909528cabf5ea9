import { and, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for the sessions table. */
export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: DbOrTx, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

/** Marks an active row rotated; false when it was no longer active (a concurrent refresh or a revocation). */
export async function markRotated(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ status: 'rotated', lastUsedAt: now })
    .where(and(eq(sessions.id, id), eq(sessions.status, 'active')))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every row of a family that is still active or rotated. */
export async function revokeFamily(db: DbOrTx, familyId: string, now: Date, reason: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ status: 'revoked', revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.familyId, familyId), ne(sessions.status, 'revoked')))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Revokes all families of a user, except one when given. */
export async function revokeUserFamilies(
  db: DbOrTx,
  userId: bigint,
  now: Date,
  reason: string,
  exceptFamilyId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ status: 'revoked', revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.status, 'revoked'),
        exceptFamilyId === undefined ? undefined : ne(sessions.familyId, exceptFamilyId),
      ),
    );
}

/** An access token to check: its family, its user and the time of the request. */
export interface FamilyCheck {
  familyId: string;
  userId: bigint;
  now: Date;
}

/**
 * Several access-token checks in one statement (the session authenticator batches the checks of
 * concurrent requests): for each check, in order, the user when the family still has an active row
 * of that user unexpired at the check's time, else undefined.
 */
export async function findActiveFamilyUsers(db: DbOrTx, checks: readonly FamilyCheck[]) {
  if (checks.length === 0) return [];
  const rows = await db
    .select({
      familyId: sessions.familyId,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      id: users.id,
      accountNo: users.accountNo,
      nickname: users.nickname,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.familyId, [...new Set(checks.map((c) => c.familyId))]), eq(sessions.status, 'active')));
  return checks.map((check) => {
    const row = rows.find(
      (r) => r.familyId === check.familyId && r.userId === check.userId && r.expiresAt.getTime() > check.now.getTime(),
    );
    return row ? { id: row.id, accountNo: row.accountNo, nickname: row.nickname, role: row.role } : undefined;
  });
}

/** The active row of a family (at most one). */
export async function findActiveRow(db: DbOrTx, familyId: string, now: Date): Promise<SessionRow | undefined> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.familyId, familyId), eq(sessions.status, 'active'), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0];
}

/** Active sessions (one active row per family) of a user, most recently used first. */
export async function listActiveSessions(db: DbOrTx, userId: bigint, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.status, 'active'), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt));
}

/** When each family started: the creation time of its first row. */
export async function familyStarts(db: DbOrTx, familyIds: string[]): Promise<Map<string, Date>> {
  if (familyIds.length === 0) return new Map();
  const rows = await db
    .select({
      familyId: sessions.familyId,
      startedAt: sql<Date>`min(${sessions.createdAt})`.mapWith(sessions.createdAt),
    })
    .from(sessions)
    .where(inArray(sessions.familyId, familyIds))
    .groupBy(sessions.familyId);
  return new Map(rows.map((r) => [r.familyId, r.startedAt]));
}

export async function familyOwner(db: DbOrTx, familyId: string): Promise<bigint | undefined> {
  const rows = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.familyId, familyId))
    .limit(1);
  return rows[0]?.userId;
}

/** Sweeper claim: refresh-token rows past their expiry. */
export function claimExpiredSessions(tx: Tx, now: Date, limit: number): Promise<SessionRow[]> {
  return claimDue(tx, sessions, sessions.expiresAt, { now, limit });
}

/** Sweeper delete: an expired refresh-token row (re-checked). */
export async function deleteExpiredSession(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, id), lte(sessions.expiresAt, now)));
}
