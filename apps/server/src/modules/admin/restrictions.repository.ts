import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { accountRestrictions } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for account_restrictions. */
export type RestrictionRow = typeof accountRestrictions.$inferSelect;
export type NewRestrictionRow = Omit<RestrictionRow, 'id'>;

/** Not lifted and not past its end at `now`. */
const inForce = (now: Date) =>
  and(isNull(accountRestrictions.liftedAt), or(isNull(accountRestrictions.until), gt(accountRestrictions.until, now)));

/** The restriction in force of each user (the newest, should there be several), by user id. */
export async function findRestrictionsInForce(
  db: DbOrTx,
  userIds: readonly bigint[],
  now: Date,
): Promise<Map<string, RestrictionRow>> {
  const found = new Map<string, RestrictionRow>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select()
    .from(accountRestrictions)
    .where(and(inArray(accountRestrictions.userId, [...new Set(userIds)]), inForce(now)))
    .orderBy(desc(accountRestrictions.createdAt), desc(accountRestrictions.id));
  for (const row of rows) {
    const key = row.userId.toString();
    if (!found.has(key)) found.set(key, row);
  }
  return found;
}

/**
 * Locks and returns the user's restrictions not yet lifted (in force or past their end), newest
 * first: restricting and lifting serialise per user. An account with no open row has nothing to lock
 * `FOR UPDATE`, so a per-user advisory lock comes first (else two restrictions made at once would
 * both be inserted, both in force, and a lift would free only one).
 */
export async function lockOpenRestrictions(tx: Tx, userId: bigint): Promise<RestrictionRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`restrictions:${userId}`}))`);
  return tx
    .select()
    .from(accountRestrictions)
    .where(and(eq(accountRestrictions.userId, userId), isNull(accountRestrictions.liftedAt)))
    .orderBy(desc(accountRestrictions.createdAt), desc(accountRestrictions.id))
    .for('update');
}

export async function insertRestriction(tx: Tx, values: NewRestrictionRow): Promise<RestrictionRow> {
  const [row] = await tx.insert(accountRestrictions).values(values).returning();
  if (!row) throw new Error('insert returned no restriction');
  return row;
}

/** Marks restrictions lifted (by an operator, or by a restriction replacing them); returns how many changed. */
export async function markLifted(
  tx: Tx,
  ids: readonly bigint[],
  lift: { at: Date; by: bigint | null; reason: string | null },
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(accountRestrictions)
    .set({ liftedAt: lift.at, liftedBy: lift.by, liftReason: lift.reason })
    .where(and(inArray(accountRestrictions.id, [...ids]), isNull(accountRestrictions.liftedAt)))
    .returning({ id: accountRestrictions.id });
  return rows.length;
}

/**
 * Restrictions past their end not yet recorded as ended (the sweeper's due rows: `until <= now`
 * and not lifted), locked, oldest end first.
 */
export function claimEndedRestrictions(tx: Tx, now: Date, limit: number): Promise<RestrictionRow[]> {
  return claimDue(tx, accountRestrictions, accountRestrictions.until, {
    now,
    limit,
    where: and(isNull(accountRestrictions.liftedAt), isNotNull(accountRestrictions.until)),
    orderBy: [accountRestrictions.id],
  });
}

/** Records the natural end: lifted at its own `until`, by nobody (what tells an end from a lift). */
export async function markEnded(tx: Tx, row: Pick<RestrictionRow, 'id' | 'until'>): Promise<boolean> {
  if (!row.until) return false;
  const rows = await tx
    .update(accountRestrictions)
    .set({ liftedAt: row.until, liftedBy: null, liftReason: null })
    .where(and(eq(accountRestrictions.id, row.id), isNull(accountRestrictions.liftedAt)))
    .returning({ id: accountRestrictions.id });
  return rows.length > 0;
}

/** Every restriction of the user, newest first (the console's history; a few per account). */
export async function listRestrictions(db: DbOrTx, userId: bigint, limit = 200): Promise<RestrictionRow[]> {
  return db
    .select()
    .from(accountRestrictions)
    .where(eq(accountRestrictions.userId, userId))
    .orderBy(desc(accountRestrictions.createdAt), desc(accountRestrictions.id))
    .limit(limit);
}
