import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { users } from '../../db/schema/index.ts';

/** The only file with SQL for the users table. */
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

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
