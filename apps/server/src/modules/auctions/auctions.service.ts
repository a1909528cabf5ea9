import {
  type AuctionDetail,
  type AuctionLive,
  type BidsPage,
  type Locale,
  minNextBidCents,
  type PageQuery,
} from '@namebourse/contract';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { idOrNotFound, notFound } from './auctions.bidding.ts';
import { auctionDepositRule, depositHeld, releaseDeposit } from './auctions.deposits.ts';
import { type EngineLot, isOpenAt } from './auctions.engine.ts';
import { presentSummary, toBidRecord, toDetail, toLive, toSummary } from './auctions.presenter.ts';
import {
  type AuctionRow,
  type BidderRow,
  findAuction,
  findBidder,
  isWatching,
  listBidRows,
  lockAuction,
  parseAuctionId,
  updateBidder,
} from './auctions.repository.ts';

/**
 * The auctions area's service: a lot's detail and bid records, exiting a lot, and the functions
 * other areas (closing, consoles, search, the seeder) use. Placing bids lives in
 * auctions.bidding.ts (ADR 0010, 0011), deposits in auctions.deposits.ts and the lot's live events
 * in auctions.events.ts; this file re-exports what others call, so they import the service only,
 * never the repository.
 */

export { auctionLink, bidHash } from './auctions.bidding.decide.ts';
export { placeBid, replayBids } from './auctions.bidding.ts';
export {
  type DepositMove,
  depositHeld,
  depositRef,
  forfeitDeposit,
  releaseDeposit,
} from './auctions.deposits.ts';
export type { AuctionRow, BidderRow } from './auctions.repository.ts';
export { parseAuctionId, presentSummary, toDetail, toLive, toSummary };

import { pageOf, windowOf } from '../../platform/paging.ts';

export { AUCTION_EVENTS, publishLive } from './auctions.events.ts';

// ---- For the closing, console and catalogue areas ----

/** The lot locked FOR UPDATE until the transaction ends (undefined when there is none). */
export function findAuctionForUpdate(tx: Tx, id: bigint): Promise<AuctionRow | undefined> {
  return lockAuction(tx, id);
}

/** The lot without a lock. */
export function getAuctionRow(db: DbOrTx, id: bigint): Promise<AuctionRow | undefined> {
  return findAuction(db, id);
}

/** The user's bidder row in a lot (number, hidden maximum, deposit, exit time), if they bid. */
export function getBidder(db: DbOrTx, auctionId: bigint, userId: bigint): Promise<BidderRow | undefined> {
  return findBidder(db, auctionId, userId);
}

/** The lot's public live state (the leader by bidder number). */
export async function liveOf(db: DbOrTx, row: AuctionRow): Promise<AuctionLive> {
  const leader = row.leaderId === null ? undefined : await findBidder(db, row.id, row.leaderId);
  return toLive(row, leader?.bidderNo ?? null);
}

// ---- Reading ----

export interface Viewer {
  /** The signed-in user, or null for a visitor. */
  userId: bigint | null;
  locale: Locale;
}

async function detailOf(app: Pick<App, 'platform'>, row: AuctionRow, viewer: Viewer): Promise<AuctionDetail> {
  const { db, clock } = app.platform;
  const userId = viewer.userId;
  const [bidder, isWatched, held] =
    userId === null
      ? [undefined, false, 0]
      : [
          await findBidder(db, row.id, userId),
          await isWatching(db, userId, row.id),
          await depositHeld(db, row.id, userId),
        ];
  return toDetail(row, {
    bidder: bidder ?? null,
    userId,
    isWatched,
    depositHeldCents: held,
    locale: viewer.locale,
    now: clock.now(),
    depositRule: auctionDepositRule(app),
  });
}

/** GET /auctions/:auctionId: the lot, its bidding state and the viewer's own (visitors: false/null/0). */
export async function getAuctionDetail(app: Pick<App, 'platform'>, viewer: Viewer, rawId: string) {
  const row = await findAuction(app.platform.db, idOrNotFound(rawId));
  if (!row) throw notFound();
  return detailOf(app, row, viewer);
}

/** GET /auctions/:auctionId/bids: newest first; other bidders only by number. */
export async function listBids(
  app: Pick<App, 'platform'>,
  viewer: Viewer,
  rawId: string,
  query: PageQuery,
): Promise<BidsPage> {
  const { db } = app.platform;
  const row = await findAuction(db, idOrNotFound(rawId));
  if (!row) throw notFound();
  const bids = await listBidRows(db, row.id, windowOf(query));
  return { ...pageOf(query, bids, (b) => toBidRecord(b, viewer.userId)), chainHead: row.chainHead };
}

/** The live state of a lot by id (undefined when there is none). */
export async function getLive(app: Pick<App, 'platform'>, id: bigint): Promise<AuctionLive | undefined> {
  const row = await findAuction(app.platform.db, id);
  return row ? liveOf(app.platform.db, row) : undefined;
}

/**
 * POST /auctions/:auctionId/exit: a bidder who is not leading leaves an open lot; the whole
 * deposit is released at once and exiting is final. Errors: Auction.NotFound, Auction.NotOpen,
 * Auction.NotParticipant, Auction.Exited, Auction.LeaderCannotExit.
 */
export async function exitAuction(
  app: Pick<App, 'platform'>,
  user: Pick<AuthUser, 'id'>,
  rawId: string,
  locale: Locale,
): Promise<AuctionDetail> {
  const { db, clock } = app.platform;
  const id = idOrNotFound(rawId);
  const row = await db.transaction(async (tx) => {
    const now = clock.now();
    const lot = await lockAuction(tx, id);
    if (!lot) throw notFound();
    if (!isOpenAt({ ...lot, status: lot.status as EngineLot['status'] }, now)) {
      throw new AppError('Auction.NotOpen', { data: { status: lot.status } });
    }
    const me = await findBidder(tx, id, user.id);
    if (!me) throw new AppError('Auction.NotParticipant');
    if (me.exitedAt) throw new AppError('Auction.Exited');
    if (lot.leaderId === user.id) throw new AppError('Auction.LeaderCannotExit');
    await releaseDeposit(tx, { auctionId: id, userId: user.id, now, reason: 'exit' });
    await updateBidder(tx, id, user.id, { exitedAt: now });
    return lot;
  });
  return detailOf(app, row, { userId: user.id, locale });
}

/** The minimum next bid of a lot row (re-exported for the consoles). */
export function minNextBidOf(row: AuctionRow): number {
  return minNextBidCents(row);
}
