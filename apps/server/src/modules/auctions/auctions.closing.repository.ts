import type { AuctionStatus } from '@namebourse/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { auctionBidders, auctions, watchlist } from '../../db/schema/index.ts';
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
  limit: number,
  offset: number,
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
