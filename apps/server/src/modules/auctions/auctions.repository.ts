import { isRowIdText } from '@namebourse/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';
import { auctionBidders, auctions, bids, watchlist } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';

/** SQL for bidding: the lot row, its bidders and its bid records (the close and search have their own files). */

export type AuctionRow = typeof auctions.$inferSelect;
export type NewAuctionRow = typeof auctions.$inferInsert;
export type BidderRow = typeof auctionBidders.$inferSelect;
export type BidRow = typeof bids.$inferSelect;
export type NewBidRow = typeof bids.$inferInsert;

/** The auction id of a path parameter, or null when it cannot name a lot (ids above bigint are not found). */
export function parseAuctionId(raw: string): bigint | null {
  return isRowIdText(raw) ? BigInt(raw) : null;
}

export async function findAuction(db: DbOrTx, id: bigint): Promise<AuctionRow | undefined> {
  const rows = await db.select().from(auctions).where(eq(auctions.id, id)).limit(1);
  return rows[0];
}

/** The lot, locked until the transaction ends (every bid on one lot queues here). */
export async function lockAuction(tx: Tx, id: bigint): Promise<AuctionRow | undefined> {
  const rows = await tx.select().from(auctions).where(eq(auctions.id, id)).limit(1).for('update');
  return rows[0];
}

export async function insertAuction(db: DbOrTx, row: NewAuctionRow): Promise<AuctionRow> {
  const rows = await db.insert(auctions).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('auction insert returned no row');
  return inserted;
}

export async function findBidder(db: DbOrTx, auctionId: bigint, userId: bigint): Promise<BidderRow | undefined> {
  const rows = await db
    .select()
    .from(auctionBidders)
    .where(and(eq(auctionBidders.auctionId, auctionId), eq(auctionBidders.userId, userId)))
    .limit(1);
  return rows[0];
}

/** Several users' bidder rows in one lot (users who never bid there are absent). */
export async function findBidders(db: DbOrTx, auctionId: bigint, userIds: bigint[]): Promise<BidderRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(auctionBidders)
    .where(and(eq(auctionBidders.auctionId, auctionId), inArray(auctionBidders.userId, userIds)));
}

/** What a bid batch changes on the lot row. */
export type LotChanges = Pick<
  AuctionRow,
  | 'currentPriceCents'
  | 'bidCount'
  | 'bidderCount'
  | 'leaderId'
  | 'leaderMaxCents'
  | 'endsAt'
  | 'chainHead'
  | 'updatedAt'
>;

/**
 * The writes of one bid batch in one statement (one round trip while the lot is locked): the
 * bidder rows (new bidders inserted; known ones get their maximum, its time, deposit and last bid
 * time — number, first bid and exit never change here), the bid records, and the lot.
 */
export async function saveBidBatch(
  tx: Tx,
  id: bigint,
  batch: { bidders: BidderRow[]; records: NewBidRow[]; lot: LotChanges },
): Promise<void> {
  const writes: SQL[] = [];
  if (batch.bidders.length > 0) {
    const upsert = tx
      .insert(auctionBidders)
      .values(batch.bidders)
      .onConflictDoUpdate({
        target: [auctionBidders.auctionId, auctionBidders.userId],
        set: {
          maxBidCents: sql`excluded.max_bid_cents`,
          maxSetAt: sql`excluded.max_set_at`,
          depositCents: sql`excluded.deposit_cents`,
          lastBidAt: sql`excluded.last_bid_at`,
        },
      });
    writes.push(sql`bidders as (${upsert.getSQL()})`);
  }
  if (batch.records.length > 0) writes.push(sql`records as (${tx.insert(bids).values(batch.records).getSQL()})`);
  const update = tx.update(auctions).set(batch.lot).where(eq(auctions.id, id)).returning({ id: auctions.id }).getSQL();
  const updated = rowsOf<{ id: bigint }>(
    await tx.execute(writes.length > 0 ? sql`with ${sql.join(writes, sql`, `)} ${update}` : update),
  );
  if (updated.length !== 1) throw new Error(`auction ${id} vanished while locked`);
}

/** Which of the given lots the user watches. */
export async function watchedBy(db: DbOrTx, userIds: bigint[], auctionId: bigint): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: watchlist.userId })
    .from(watchlist)
    .where(and(inArray(watchlist.userId, userIds), eq(watchlist.auctionId, auctionId)));
  return new Set(rows.map((r) => r.userId.toString()));
}

export async function updateBidder(
  tx: Tx,
  auctionId: bigint,
  userId: bigint,
  set: Partial<Pick<BidderRow, 'maxBidCents' | 'maxSetAt' | 'depositCents' | 'lastBidAt' | 'exitedAt'>>,
): Promise<BidderRow | undefined> {
  const rows = await tx
    .update(auctionBidders)
    .set(set)
    .where(and(eq(auctionBidders.auctionId, auctionId), eq(auctionBidders.userId, userId)))
    .returning();
  return rows[0];
}

/** One lot's bid records, newest first. */
export async function listBidRows(
  db: DbOrTx,
  auctionId: bigint,
  { limit, offset }: PageWindow,
): Promise<{ items: BidRow[]; total: number }> {
  const items = await db
    .select()
    .from(bids)
    .where(eq(bids.auctionId, auctionId))
    .orderBy(desc(bids.seq))
    .limit(limit)
    .offset(offset);
  const [row] = await db.select({ total: count() }).from(bids).where(eq(bids.auctionId, auctionId));
  return { items, total: Number(row?.total ?? 0) };
}

export async function isWatching(db: DbOrTx, userId: bigint, auctionId: bigint): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(watchlist)
    .where(and(eq(watchlist.userId, userId), eq(watchlist.auctionId, auctionId)))
    .limit(1);
  return rows.length > 0;
}

/** Lots open for bidding right now (the metrics' gauge; counted on the open lots' partial indexes). */
export async function countOpenLots(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(auctions).where(eq(auctions.status, 'bidding'));
  return Number(rows[0]?.n ?? 0);
}
