import { createHash } from 'node:crypto';
import {
  type AuctionDetail,
  type AuctionLive,
  type BidsPage,
  GENESIS_HASH,
  type Locale,
  type PageQuery,
  type PlaceBidRequest,
  bidHashInput,
  depositFor,
  minNextBidCents,
} from '@namebourse/contract';
import type { App } from '../../app.ts';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { capture, heldFor, hold, release } from '../ledger/ledger.service.ts';
import { notify } from '../messages/messages.service.ts';
import { assertContactInfoComplete } from '../profile/profile.service.ts';
import { type EngineLot, isOpenAt, placeBid as engineBid } from './auctions.engine.ts';
import { presentSummary, toBidRecord, toDetail, toLive, toSummary } from './auctions.presenter.ts';
import {
  type AuctionRow,
  type BidderRow,
  type NewBidRow,
  findAuction,
  findBidder,
  insertBidder,
  insertBids,
  isWatching,
  listBidRows,
  lockAuction,
  parseAuctionId,
  updateAuction,
  updateBidder,
} from './auctions.repository.ts';

/**
 * Bidding (issue 5 "Rules", ADR 0010): one database transaction per bid locks the lot row, runs
 * the pure engine, holds or tops up the deposit through the ledger, appends the bid records to the
 * lot's hash chain and updates the lot; the outbid bidder's message is written in the same
 * transaction, and the live event is published after commit. Other areas (closing, consoles,
 * search) use the exported functions below and the presenter, never the repository.
 */

export type { AuctionRow, BidderRow } from './auctions.repository.ts';
export { parseAuctionId, presentSummary, toDetail, toLive, toSummary };

/** Domain events on `app.platform.events`; the payload is the lot's AuctionLive state. */
export const AUCTION_EVENTS = {
  /** A bid moved the lot (price, leader, end, counts). */
  updated: 'auction.updated',
  /** The lot closed (published by the closing sweeper). */
  closed: 'auction.closed',
} as const;

/** The ledger reference of a lot's deposits (one hold per bidder and lot). */
export function depositRef(auctionId: bigint) {
  return { type: 'auction', id: auctionId.toString() } as const;
}

/** The lot page link messages lead to. */
export function auctionLink(auctionId: bigint | string): string {
  return `/sale/${auctionId}`;
}

function notFound(): AppError {
  return new AppError('Auction.NotFound');
}

function idOrNotFound(raw: string): bigint {
  const id = parseAuctionId(raw);
  if (id === null) throw notFound();
  return id;
}

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

/** What the ledger holds from the user as this lot's deposit (0 when nothing). */
export function depositHeld(db: DbOrTx, auctionId: bigint, userId: bigint): Promise<number> {
  return heldFor(db, userId, depositRef(auctionId));
}

export interface DepositMove {
  auctionId: bigint;
  userId: bigint;
  now: Date;
  /** Why (part of the ledger idempotency key): 'exit', 'lost', 'paid', 'cancelled' … */
  reason: string;
}

/**
 * Releases the user's whole deposit for the lot (frozen → available) and records 0 on their
 * bidder row; returns the cents released (0 when nothing was held, so calling it twice is safe).
 */
export async function releaseDeposit(tx: Tx, input: DepositMove): Promise<number> {
  const held = await depositHeld(tx, input.auctionId, input.userId);
  if (held > 0) {
    await release(tx, input.now, {
      userId: input.userId,
      amountCents: held,
      ref: depositRef(input.auctionId),
      idempotencyKey: `auction:${input.auctionId}:deposit-release:${input.userId}:${input.reason}`,
      memo: input.reason,
    });
  }
  await updateBidder(tx, input.auctionId, input.userId, { depositCents: 0 });
  return held;
}

/**
 * Forfeits the user's whole deposit for the lot to the platform's `forfeits` account (a buyer
 * violation) and records 0 on their bidder row; returns the cents forfeited.
 */
export async function forfeitDeposit(tx: Tx, input: DepositMove): Promise<number> {
  const held = await depositHeld(tx, input.auctionId, input.userId);
  if (held > 0) {
    await capture(tx, input.now, {
      userId: input.userId,
      amountCents: held,
      ref: depositRef(input.auctionId),
      to: { platform: 'forfeits' },
      kind: 'deposit_forfeit',
      idempotencyKey: `auction:${input.auctionId}:deposit-forfeit:${input.userId}:${input.reason}`,
      memo: input.reason,
    });
  }
  await updateBidder(tx, input.auctionId, input.userId, { depositCents: 0 });
  return held;
}

/** The lot's public live state (the leader by bidder number). */
export async function liveOf(db: DbOrTx, row: AuctionRow): Promise<AuctionLive> {
  const leader = row.leaderId === null ? undefined : await findBidder(db, row.id, row.leaderId);
  return toLive(row, leader?.bidderNo ?? null);
}

/** Publishes a lot's live state after commit; a bus failure is logged, never undoes the change. */
export async function publishLive(
  app: Pick<App, 'platform' | 'log'>,
  name: (typeof AUCTION_EVENTS)[keyof typeof AUCTION_EVENTS],
  live: AuctionLive,
): Promise<void> {
  try {
    await app.platform.events.publish(name, live);
  } catch (err) {
    app.log.warn({ err, event: name, auctionId: live.auctionId }, 'auction event not published');
  }
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
  const { items, total } = await listBidRows(db, row.id, query.pageSize, (query.page - 1) * query.pageSize);
  return {
    items: items.map((b) => toBidRecord(b, viewer.userId)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    chainHead: row.chainHead,
  };
}

/** The live state of a lot by id (undefined when there is none). */
export async function getLive(app: Pick<App, 'platform'>, id: bigint): Promise<AuctionLive | undefined> {
  const row = await findAuction(app.platform.db, id);
  return row ? liveOf(app.platform.db, row) : undefined;
}

// ---- Bidding ----

/** sha256 hex of the record's hash input (contract `bidHashInput`). */
export function bidHash(auctionId: bigint, record: Parameters<typeof bidHashInput>[1]): string {
  return createHash('sha256').update(bidHashInput(auctionId.toString(), record), 'utf8').digest('hex');
}

function engineLot(row: AuctionRow, leader: BidderRow | undefined): EngineLot {
  return {
    status: row.status as EngineLot['status'],
    startPriceCents: row.startPriceCents,
    currentPriceCents: row.currentPriceCents,
    bidCount: row.bidCount,
    leader:
      row.leaderId === null
        ? null
        : {
            userId: row.leaderId.toString(),
            maxCents: row.leaderMaxCents ?? leader?.maxBidCents ?? row.currentPriceCents,
            maxSetAt: leader?.maxSetAt ?? row.startsAt,
          },
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    latestEndsAt: row.latestEndsAt,
  };
}

/**
 * POST /auctions/:auctionId/bids. Errors: Auction.NotFound, Commodity.UserContactInfoIncomplete,
 * Auction.NotOpen, Auction.Exited, Auction.BidTooLow (data minNextBidCents; `reason: 'maxNotRaised'`
 * when the leader's new maximum is not above their current one), Funds.InsufficientBalance (data
 * requiredCents, availableCents). Nothing changes on a refusal.
 */
export async function placeBid(
  app: Pick<App, 'platform' | 'log'>,
  user: Pick<AuthUser, 'id'>,
  rawId: string,
  body: PlaceBidRequest,
  locale: Locale,
): Promise<AuctionDetail> {
  const { db, clock } = app.platform;
  const id = idOrNotFound(rawId);
  await assertContactInfoComplete(app, user.id);
  const outcome = await db.transaction(async (tx) => {
    const now = clock.now();
    const row = await lockAuction(tx, id);
    if (!row) throw notFound();
    if (!isOpenAt({ ...row, status: row.status as EngineLot['status'] }, now)) {
      throw new AppError('Auction.NotOpen', { data: { status: row.status } });
    }
    const me = await findBidder(tx, id, user.id);
    if (me?.exitedAt) throw new AppError('Auction.Exited');
    const leaderRow =
      row.leaderId === null ? undefined : row.leaderId === user.id ? me : await findBidder(tx, id, row.leaderId);
    const result = engineBid(engineLot(row, leaderRow), {
      userId: user.id.toString(),
      amountCents: body.amountCents,
      maxAmountCents: body.maxAmountCents,
      now,
    });
    if (!result.ok) {
      if (result.reason === 'not_open') throw new AppError('Auction.NotOpen', { data: { status: row.status } });
      throw new AppError('Auction.BidTooLow', {
        data: {
          minNextBidCents: result.minNextBidCents,
          ...(result.reason === 'max_not_raised' ? { reason: 'maxNotRaised', myMaxBidCents: me?.maxBidCents } : {}),
        },
      });
    }

    // The deposit covers the bidder's maximum: held once on the first bid, topped up when it rises.
    const needed = depositFor(result.bidderMaxCents);
    const held = await depositHeld(tx, id, user.id);
    if (needed > held) {
      await hold(tx, now, {
        userId: user.id,
        amountCents: needed - held,
        ref: { ...depositRef(id), label: row.domain },
        idempotencyKey: `auction:${id}:deposit:${user.id}:${needed}`,
        memo: row.domain,
        actorId: user.id,
      });
    }

    const maxChanged = me?.maxBidCents !== result.bidderMaxCents;
    const bidder = me
      ? ((await updateBidder(tx, id, user.id, {
          maxBidCents: result.bidderMaxCents,
          ...(maxChanged ? { maxSetAt: now } : {}),
          depositCents: Math.max(needed, held),
          lastBidAt: now,
        })) as BidderRow)
      : await insertBidder(tx, {
          auctionId: id,
          userId: user.id,
          bidderNo: row.bidderCount + 1,
          maxBidCents: result.bidderMaxCents,
          maxSetAt: now,
          depositCents: Math.max(needed, held),
          firstBidAt: now,
          lastBidAt: now,
        });

    // Bid records on the lot's hash chain.
    const numberOf = new Map<string, number>([[user.id.toString(), bidder.bidderNo]]);
    if (leaderRow) numberOf.set(leaderRow.userId.toString(), leaderRow.bidderNo);
    let prevHash = row.chainHead ?? GENESIS_HASH;
    const records: NewBidRow[] = result.records.map((r, i) => {
      const bidderNo = numberOf.get(r.userId);
      if (bidderNo === undefined) throw new Error(`bid record for an unknown bidder ${r.userId}`);
      const seq = row.bidCount + i + 1;
      const createdAt = new Date(now.getTime());
      const hash = bidHash(id, {
        seq,
        bidderNo,
        amountCents: r.amountCents,
        kind: r.kind,
        createdAt: createdAt.toISOString(),
        prevHash,
      });
      const record: NewBidRow = {
        auctionId: id,
        seq,
        userId: BigInt(r.userId),
        bidderNo,
        amountCents: r.amountCents,
        kind: r.kind,
        createdAt,
        prevHash,
        hash,
      };
      prevHash = hash;
      return record;
    });
    await insertBids(tx, records);

    const leader = result.lot.leader;
    const updated = await updateAuction(tx, id, {
      currentPriceCents: result.lot.currentPriceCents,
      bidCount: result.lot.bidCount,
      bidderCount: me ? row.bidderCount : row.bidderCount + 1,
      leaderId: leader ? BigInt(leader.userId) : null,
      leaderMaxCents: leader?.maxCents ?? null,
      endsAt: result.lot.endsAt,
      chainHead: records.length > 0 ? prevHash : row.chainHead,
      updatedAt: now,
    });

    if (result.outbidUserId !== null) {
      await notify(tx, {
        userId: BigInt(result.outbidUserId),
        kind: 'auction_outbid',
        params: { auctionId: id.toString(), domain: row.domain, amountCents: updated.currentPriceCents },
        link: auctionLink(id),
        dedupeKey: `auction:${id}:outbid:${result.outbidUserId}:${updated.bidCount}`,
        now,
      });
    }
    const leaderNo = leader ? (numberOf.get(leader.userId) ?? null) : null;
    return { updated, live: toLive(updated, leaderNo), changed: records.length > 0 };
  });
  if (outcome.changed) await publishLive(app, AUCTION_EVENTS.updated, outcome.live);
  return detailOf(app, outcome.updated, { userId: user.id, locale });
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
