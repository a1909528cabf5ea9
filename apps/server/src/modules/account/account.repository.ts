import { and, desc, eq, gt, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { passwordResets, users } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for the users table. */
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type PasswordResetRow = typeof passwordResets.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserByAccountNo(db: DbOrTx, accountNo: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.accountNo, accountNo)).limit(1);
  return rows[0];
}

/** Inserts a user; undefined when the email or the account number is already taken. */
export async function insertUserIfAbsent(db: DbOrTx, row: NewUserRow): Promise<UserRow | undefined> {
  const rows = await db.insert(users).values(row).onConflictDoNothing().returning();
  return rows[0];
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(rows[0]?.n ?? 0);
}

export async function findUserById(db: DbOrTx, id: bigint): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function updatePasswordHash(db: DbOrTx, id: bigint, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}

export async function insertPasswordReset(db: DbOrTx, row: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** Uses a reset token once: the user id when it was unused and unexpired, else undefined. */
export async function usePasswordReset(db: DbOrTx, tokenHash: string, now: Date): Promise<bigint | undefined> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
    )
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId;
}

/** Sweeper delete: an expired reset token (re-checked). */
/** Sweeper claim: reset tokens past their expiry. */
export function claimExpiredResets(tx: Tx, now: Date, limit: number): Promise<PasswordResetRow[]> {
  return claimDue(tx, passwordResets, passwordResets.expiresAt, { now, limit });
}

export async function deleteExpiredReset(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), lte(passwordResets.expiresAt, now)));
}

export async function updateUserNickname(db: DbOrTx, id: bigint, nickname: string, now: Date): Promise<void> {
  await db.update(users).set({ nickname, updatedAt: now }).where(eq(users.id, id));
}

export async function findUsersByIds(db: DbOrTx, ids: bigint[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Users whose account number is `q` (any case) or whose e-mail or nickname contains it; newest first. */
export async function searchUserRows(
  db: DbOrTx,
  q: string,
  limit: number,
  offset: number,
): Promise<{ items: UserRow[]; total: number }> {
  const pattern = `%${escapeLike(q)}%`;
  const where = q
    ? or(eq(users.accountNo, q.toUpperCase()), ilike(users.email, pattern), ilike(users.nickname, pattern))
    : undefined;
  const items = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { items, total: Number(counted[0]?.n ?? 0) };
}
