import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { userProfiles, userSettings } from '../../db/schema/index.ts';

/** The only file with SQL for user_profiles and user_settings (accounts are read through the account service). */
export type ProfileRow = typeof userProfiles.$inferSelect;
export type SettingsRow = typeof userSettings.$inferSelect;

export interface AccountFacts {
  accountNo: string;
  email: string;
  nickname: string;
  createdAt: Date;
}

export async function findProfile(db: DbOrTx, userId: bigint): Promise<ProfileRow | undefined> {
  const rows = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
  return rows[0];
}

/** Several users' profile rows (users without one are absent). */
export async function findProfiles(db: DbOrTx, userIds: bigint[]): Promise<ProfileRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(userProfiles).where(inArray(userProfiles.userId, userIds));
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
  values: Omit<SettingsRow, 'userId' | 'digest' | 'digestSentAt'> & Partial<Pick<SettingsRow, 'digest'>>,
): Promise<SettingsRow> {
  const rows = await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
    .returning();
  return rows[0] as SettingsRow;
}

/**
 * Sets one e-mail switch (a key of the notifications jsonb) without touching the others, creating the
 * row with `defaults` when the user has none yet. Returns the row after.
 */
export async function setNotificationSwitch(
  db: DbOrTx,
  userId: bigint,
  key: string,
  on: boolean,
  defaults: Pick<SettingsRow, 'language' | 'timeZone' | 'notifications'>,
  now: Date,
): Promise<SettingsRow> {
  const rows = await db
    .insert(userSettings)
    .values({ userId, ...defaults, notifications: { ...defaults.notifications, [key]: on }, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        notifications: sql`${userSettings.notifications} || ${JSON.stringify({ [key]: on })}::jsonb`,
        updatedAt: now,
      },
    })
    .returning();
  return rows[0] as SettingsRow;
}

/** Records when the user's daily digest went out. */
export async function setDigestSentAt(db: DbOrTx, userId: bigint, at: Date): Promise<void> {
  await db.update(userSettings).set({ digestSentAt: at }).where(eq(userSettings.userId, userId));
}
