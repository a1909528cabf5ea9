import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { userProfiles, userSettings, users } from '../../db/schema/index.ts';

/** The only file with SQL for user_profiles and user_settings (and the profile's view of users). */
export type ProfileRow = typeof userProfiles.$inferSelect;
export type SettingsRow = typeof userSettings.$inferSelect;

export interface AccountFacts {
  accountNo: string;
  email: string;
  nickname: string;
  createdAt: Date;
}

/**
 * The account facts the profile shows (email, account number, nickname). users belongs to the account
 * module; this read and `updateNickname` are the profile's only touches of it (the nickname is edited here).
 */
export async function findAccountFacts(db: DbOrTx, userId: bigint): Promise<AccountFacts | undefined> {
  const rows = await db
    .select({ accountNo: users.accountNo, email: users.email, nickname: users.nickname, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function updateNickname(db: DbOrTx, userId: bigint, nickname: string, now: Date): Promise<void> {
  await db.update(users).set({ nickname, updatedAt: now }).where(eq(users.id, userId));
}

export async function findProfile(db: DbOrTx, userId: bigint): Promise<ProfileRow | undefined> {
  const rows = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
  return rows[0];
}

/** Inserts or updates the profile row with the given columns (others are kept). */
export async function upsertProfile(
  db: DbOrTx,
  userId: bigint,
  values: Partial<Omit<ProfileRow, 'userId'>> & { updatedAt: Date },
): Promise<ProfileRow> {
  const rows = await db
    .insert(userProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfiles.userId, set: values })
    .returning();
  return rows[0] as ProfileRow;
}

export async function findSettings(db: DbOrTx, userId: bigint): Promise<SettingsRow | undefined> {
  const rows = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return rows[0];
}

export async function upsertSettings(
  db: DbOrTx,
  userId: bigint,
  values: Omit<SettingsRow, 'userId'>,
): Promise<SettingsRow> {
  const rows = await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
    .returning();
  return rows[0] as SettingsRow;
}
