import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { savedFilters, watchlist } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';

/** The only file with SQL for the watchlist and saved_filters tables. */
export type SavedFilterRow = typeof savedFilters.$inferSelect;

/**
 * Serialises one user's additions (a watch, a saved filter) within the transaction, so that two at
 * once cannot both pass the limit check.
 */
export async function lockUserList(tx: Tx, list: 'watchlist' | 'saved_filters', userId: bigint): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${list}:${userId}`}))`);
}

// ---- Watchlist ----

export async function isWatching(db: DbOrTx, userId: bigint, auctionId: bigint): Promise<boolean> {
  const rows = await db
    .select({ id: watchlist.auctionId })
    .from(watchlist)
    .where(and(eq(watchlist.userId, userId), eq(watchlist.auctionId, auctionId)))
    .limit(1);
  return rows.length > 0;
}

export async function countWatches(db: DbOrTx, userId: bigint): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(watchlist).where(eq(watchlist.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

export async function insertWatch(db: DbOrTx, userId: bigint, auctionId: bigint, now: Date): Promise<void> {
  await db.insert(watchlist).values({ userId, auctionId, createdAt: now }).onConflictDoNothing();
}

export async function deleteWatch(db: DbOrTx, userId: bigint, auctionId: bigint): Promise<void> {
  await db.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.auctionId, auctionId)));
}

/** The user's watched lot ids, most recently watched first. */
export async function listWatchedIds(
  db: DbOrTx,
  userId: bigint,
  { limit, offset }: PageWindow,
): Promise<{ ids: bigint[]; total: number }> {
  const rows = await db
    .select({ auctionId: watchlist.auctionId })
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(desc(watchlist.createdAt), desc(watchlist.auctionId))
    .limit(limit)
    .offset(offset);
  return { ids: rows.map((r) => r.auctionId), total: await countWatches(db, userId) };
}

// ---- Saved filters ----

export async function countSavedFilters(db: DbOrTx, userId: bigint): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedFilters)
    .where(eq(savedFilters.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

/** The user's saved filters, oldest first (the order they were made in). */
export async function listSavedFilterRows(
  db: DbOrTx,
  userId: bigint,
  { limit, offset }: PageWindow,
): Promise<{ items: SavedFilterRow[]; total: number }> {
  const items = await db
    .select()
    .from(savedFilters)
    .where(eq(savedFilters.userId, userId))
    .orderBy(asc(savedFilters.createdAt), asc(savedFilters.id))
    .limit(limit)
    .offset(offset);
  return { items, total: await countSavedFilters(db, userId) };
}

export async function insertSavedFilter(db: DbOrTx, row: Omit<SavedFilterRow, 'id'>): Promise<SavedFilterRow> {
  const [inserted] = await db.insert(savedFilters).values(row).returning();
  if (!inserted) throw new Error('saved filter insert returned nothing');
  return inserted;
}

/** Updates one of the user's saved filters; undefined when it is not theirs (or does not exist). */
export async function updateSavedFilterRow(
  db: DbOrTx,
  userId: bigint,
  id: bigint,
  set: Partial<Pick<SavedFilterRow, 'name' | 'filter' | 'updatedAt'>>,
): Promise<SavedFilterRow | undefined> {
  const rows = await db
    .update(savedFilters)
    .set(set)
    .where(and(eq(savedFilters.id, id), eq(savedFilters.userId, userId)))
    .returning();
  return rows[0];
}

/** Deletes one of the user's saved filters; false when it is not theirs. */
export async function deleteSavedFilterRow(db: DbOrTx, userId: bigint, id: bigint): Promise<boolean> {
  const rows = await db
    .delete(savedFilters)
    .where(and(eq(savedFilters.id, id), eq(savedFilters.userId, userId)))
    .returning({ id: savedFilters.id });
  return rows.length > 0;
}
