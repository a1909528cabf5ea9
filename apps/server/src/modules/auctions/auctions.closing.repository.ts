import type { AuctionStatus } from '@namebourse/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { auctionBidders, auctions, watchlist } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';
import { claimDue } from '../../platform/sweeper.ts';

/**
 * SQL for the lot's life after bidding: the open and close sweeps, the winner's deposit after
 * payment, and the buyer consoles. Orders are read only through conditions the orders service
 * provides (`orderStatusIn`), never by touching its table here directly.
 */

export type ClosingAuctionRow = typeof auctions.$inferSelect;
export type ClosingBidderRow = typeof auctionBidders.$inferSelect;

/** Sweeper claim: scheduled lots whose start has come. */
export function claimDueOpenings(tx: Tx, now: Date, limit: number): Promise<ClosingAuctionRow[]> {
  return claimDue(tx, auctions, auctions.startsAt, {
    now,
    limit,
    where: eq(auctions.status, 'scheduled'),
    orderBy: [auctions.id],
  });
}

/** Sweeper claim: lots open for bidding whose end has come. */
export function claimDueClosings(tx: Tx, now: Date, limit: number): Promise<ClosingAuctionRow[]> {
  return claimDue(tx, auctions, auctions.endsAt, {
    now,
    limit,
    where: eq(auctions.status, 'bidding'),
    orderBy: [auctions.id],
  });
}

/** The lot, locked until the transaction ends. */
export async function lockLot(tx: Tx, id: bigint): Promise<ClosingAuctionRow | undefined> {
  const rows = await tx.select().from(auctions).where(eq(auctions.id, id)).limit(1).for('update');
  return rows[0];
}

export async function findLot(db: DbOrTx, id: bigint): Promise<ClosingAuctionRow | undefined> {
  const rows = await db.select().from(auctions).where(eq(auctions.id, id)).limit(1);
  return rows[0];
}

/**
 * Moves a lot from `from` to another status with the columns the change writes, only if it is
 * still in `from`. Undefined when it was not (a concurrent change won).
 */
export async function updateLotFrom(
  tx: Tx,
  id: bigint,
  from: AuctionStatus,
  set: Partial<Pick<ClosingAuctionRow, 'winnerId' | 'winningPriceCents' | 'orderId' | 'closedAt'>> & {
    status: AuctionStatus;
    updatedAt: Date;
  },
): Promise<ClosingAuctionRow | undefined> {
  const rows = await tx
    .update(auctions)
    .set(set)
    .where(and(eq(auctions.id, id), eq(auctions.status, from)))
    .returning();
  return rows[0];
}

/** Every bidder of a lot, by user id (a fixed order for the ledger's row locks). */
export function listLotBidders(tx: Tx, auctionId: bigint): Promise<ClosingBidderRow[]> {
  return tx
    .select()
    .from(auctionBidders)
    .where(eq(auctionBidders.auctionId, auctionId))
    .orderBy(asc(auctionBidders.userId))
    .for('update');
}

// ---- Many lots at once (the close sweep's batches) ----

/**
 * The lots among `ids` that are still bidding and whose end has come, locked until the
 * transaction ends (the claim locked them already: this re-reads them under the lock), by id.
 */
export function lockDueLots(tx: Tx, ids: bigint[], now: Date): Promise<ClosingAuctionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(auctions)
    .where(and(inArray(auctions.id, ids), eq(auctions.status, 'bidding'), lte(auctions.endsAt, now)))
    .orderBy(asc(auctions.id))
    .for('update');
}

/** Every bidder of the lots, locked, by lot and user id (the order listLotBidders uses per lot). */
export function listBiddersOfLots(tx: Tx, auctionIds: bigint[]): Promise<ClosingBidderRow[]> {
  if (auctionIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(auctionBidders)
    .where(inArray(auctionBidders.auctionId, auctionIds))
    .orderBy(asc(auctionBidders.auctionId), asc(auctionBidders.userId))
    .for('update');
}

export interface LotEnding {
  id: bigint;
  /** The winner, the winning price and the order; all null for a lot that ends without a winner. */
  winner: { userId: bigint; priceCents: number; orderId: string } | null;
}

/**
 * Moves many lots from bidding to ended in one statement, each only if it is still bidding (as
 * updateLotFrom does one by one): lots with a winner get the winner, price and order, the others
 * keep those columns as they are. Returns the lots that moved, by id.
 */
export async function endLots(tx: Tx, endings: LotEnding[], now: Date): Promise<ClosingAuctionRow[]> {
  if (endings.length === 0) return [];
  const moved = (await tx.execute(sql`
    update ${auctions} as a set
      status = 'ended',
      winner_id = case when v.has_winner then v.winner_id else a.winner_id end,
      winning_price_cents = case when v.has_winner then v.price else a.winning_price_cents end,
      order_id = case when v.has_winner then v.order_id else a.order_id end,
      closed_at = ${now}::timestamptz,
      updated_at = ${now}::timestamptz
    from unnest(
      ${sql.param(endings.map((e) => e.id.toString()))}::bigint[],
      ${sql.param(endings.map((e) => e.winner !== null))}::boolean[],
      ${sql.param(endings.map((e) => e.winner?.userId.toString() ?? null))}::bigint[],
      ${sql.param(endings.map((e) => e.winner?.priceCents ?? null))}::bigint[],
      ${sql.param(endings.map((e) => e.winner?.orderId ?? null))}::text[]
    ) as v(id, has_winner, winner_id, price, order_id)
    where a.id = v.id and a.status = 'bidding'
    returning a.id`)) as unknown as { rows: { id: string | number }[] };
  const ids = moved.rows.map((r) => BigInt(r.id));
  if (ids.length === 0) return [];
  return tx.select().from(auctions).where(inArray(auctions.id, ids)).orderBy(asc(auctions.id));
}

/** Records 0 deposit on many bidder rows (the losers whose deposits were just released). */
export async function clearDeposits(tx: Tx, bidders: { auctionId: bigint; userId: bigint }[]): Promise<void> {
  if (bidders.length === 0) return;
  await tx.execute(sql`
    update ${auctionBidders} as b set deposit_cents = 0
    from unnest(
      ${sql.param(bidders.map((x) => x.auctionId.toString()))}::bigint[],
      ${sql.param(bidders.map((x) => x.userId.toString()))}::bigint[]
    ) as v(auction_id, user_id)
    where b.auction_id = v.auction_id and b.user_id = v.user_id`);
}

/** The lots, locked until the transaction ends, by id (missing ids are absent). */
export function lockLots(tx: Tx, ids: bigint[]): Promise<ClosingAuctionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select().from(auctions).where(inArray(auctions.id, ids)).orderBy(asc(auctions.id)).for('update');
}

/**
 * The bidder rows of the given (lot, user) pairs that exist and, when `winnersWithDeposit`, whose
 * user won the lot and still has a deposit on it; locked, by lot and user.
 */
async function lockPairs(
  tx: Tx,
  pairs: { auctionId: bigint; userId: bigint }[],
  winnersWithDeposit: boolean,
): Promise<{ auctionId: bigint; userId: bigint }[]> {
  if (pairs.length === 0) return [];
  const found = (await tx.execute(sql`
    select b.auction_id, b.user_id
    from ${auctionBidders} as b
    join unnest(
      ${sql.param(pairs.map((p) => p.auctionId.toString()))}::bigint[],
      ${sql.param(pairs.map((p) => p.userId.toString()))}::bigint[]
    ) as v(auction_id, user_id) on b.auction_id = v.auction_id and b.user_id = v.user_id
    ${
      winnersWithDeposit
        ? sql`join ${auctions} as a on a.id = b.auction_id where a.winner_id = b.user_id and b.deposit_cents > 0`
        : sql``
    }
    order by b.auction_id, b.user_id
    for update of b`)) as unknown as { rows: { auction_id: string | number; user_id: string | number }[] };
  return found.rows.map((r) => ({ auctionId: BigInt(r.auction_id), userId: BigInt(r.user_id) }));
}

/** The bidder rows of the given (lot, user) pairs that exist, locked, by lot and user. */
export function lockBidders(
  tx: Tx,
  pairs: { auctionId: bigint; userId: bigint }[],
): Promise<{ auctionId: bigint; userId: bigint }[]> {
  return lockPairs(tx, pairs, false);
}

/**
 * Of the given (lot, user) pairs, the ones where the user won the lot and still has a deposit on
 * it, their bidder rows locked, by lot and user (the batch form of releasePaidWinnerDeposit's check).
 */
export function lockWinnerDeposits(
  tx: Tx,
  pairs: { auctionId: bigint; userId: bigint }[],
): Promise<{ auctionId: bigint; userId: bigint }[]> {
  return lockPairs(tx, pairs, true);
}

export async function lockBidder(tx: Tx, auctionId: bigint, userId: bigint): Promise<ClosingBidderRow | undefined> {
  const rows = await tx
    .select()
    .from(auctionBidders)
    .where(and(eq(auctionBidders.auctionId, auctionId), eq(auctionBidders.userId, userId)))
    .limit(1)
    .for('update');
  return rows[0];
}

export interface WinnerDepositRow {
  auctionId: bigint;
  userId: bigint;
  orderId: string;
}

/**
 * Sweeper claim: winners whose order is paid (per `paid`, the orders service's condition) and
 * whose deposit is still held, oldest close first; the bidder rows are locked (SKIP LOCKED).
 */
export async function claimPaidWinnerDeposits(
  tx: Tx,
  now: Date,
  limit: number,
  paid: (orderId: SQL) => SQL,
): Promise<WinnerDepositRow[]> {
  const rows = await tx
    .select({ auctionId: auctionBidders.auctionId, userId: auctionBidders.userId, orderId: auctions.orderId })
    .from(auctionBidders)
    .innerJoin(auctions, eq(auctions.id, auctionBidders.auctionId))
    .where(
      and(
        eq(auctions.status, 'ended'),
        eq(auctions.winnerId, auctionBidders.userId),
        isNotNull(auctions.orderId),
        lte(auctions.closedAt, now),
        gt(auctionBidders.depositCents, 0),
        paid(sql`${auctions.orderId}`),
      ),
    )
    .orderBy(asc(auctions.closedAt), asc(auctions.id))
    .limit(limit)
    .for('update', { of: auctionBidders, skipLocked: true });
  return rows.map((r) => ({ auctionId: r.auctionId, userId: r.userId, orderId: r.orderId as string }));
}

// ---- Buyer consoles ----

export type MyAuctionTab = 'bidding' | 'leading' | 'outbid' | 'ended' | 'exited';

export interface MyAuctionRow {
  lot: ClosingAuctionRow;
  bidder: ClosingBidderRow;
  isWatched: boolean;
}

const OPEN: AuctionStatus[] = ['scheduled', 'bidding'];
const CLOSED: AuctionStatus[] = ['ended', 'cancelled'];

function tabWhere(userId: bigint, tab: MyAuctionTab | undefined): SQL | undefined {
  const notExited = isNull(auctionBidders.exitedAt);
  switch (tab) {
    case 'bidding':
      return and(inArray(auctions.status, OPEN), notExited);
    case 'leading':
      return and(inArray(auctions.status, OPEN), notExited, eq(auctions.leaderId, userId));
    case 'outbid':
      return and(
        inArray(auctions.status, OPEN),
        notExited,
        or(isNull(auctions.leaderId), ne(auctions.leaderId, userId)),
      );
    case 'ended':
      return and(inArray(auctions.status, CLOSED), notExited);
    case 'exited':
      return isNotNull(auctionBidders.exitedAt);
    default:
      return undefined;
  }
}

/** The lots a user bid in, by tab, newest activity (last bid or exit) first. */
export async function listMyAuctionRows(
  db: DbOrTx,
  userId: bigint,
  tab: MyAuctionTab | undefined,
  { limit, offset }: PageWindow,
): Promise<{ items: MyAuctionRow[]; total: number }> {
  const where = and(eq(auctionBidders.userId, userId), tabWhere(userId, tab));
  const activity = sql`greatest(${auctionBidders.lastBidAt}, coalesce(${auctionBidders.exitedAt}, ${auctionBidders.lastBidAt}))`;
  const rows = await db
    .select({
      lot: auctions,
      bidder: auctionBidders,
      isWatched: sql<boolean>`exists (select 1 from ${watchlist} where ${watchlist.userId} = ${userId} and ${watchlist.auctionId} = ${auctions.id})`,
    })
    .from(auctionBidders)
    .innerJoin(auctions, eq(auctions.id, auctionBidders.auctionId))
    .where(where)
    .orderBy(desc(activity), desc(auctions.id))
    .limit(limit)
    .offset(offset);
  const counted = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auctionBidders)
    .innerJoin(auctions, eq(auctions.id, auctionBidders.auctionId))
    .where(where);
  return {
    items: rows.map((r) => ({ lot: r.lot, bidder: r.bidder, isWatched: Boolean(r.isWatched) })),
    total: Number(counted[0]?.n ?? 0),
  };
}

/** The lots (and the winner's bidder rows) behind won orders. */
export async function findWonLots(
  db: DbOrTx,
  userId: bigint,
  auctionIds: bigint[],
): Promise<{ lot: ClosingAuctionRow; depositCents: number }[]> {
  if (auctionIds.length === 0) return [];
  const rows = await db
    .select({ lot: auctions, depositCents: auctionBidders.depositCents })
    .from(auctions)
    .leftJoin(auctionBidders, and(eq(auctionBidders.auctionId, auctions.id), eq(auctionBidders.userId, userId)))
    .where(and(inArray(auctions.id, auctionIds), eq(auctions.winnerId, userId)));
  return rows.map((r) => ({ lot: r.lot, depositCents: r.depositCents ?? 0 }));
}
