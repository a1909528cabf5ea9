import { AUCTION_RULES, type AuctionStatus, type BidKind, incrementFor, minNextBidCents } from '@namebourse/contract';

/**
 * The proxy-bidding engine (issue 5 "Rules", ADR 0010): pure and deterministic, no I/O, no clock.
 * Given a lot's bidding state and one bid it either refuses the bid with a reason or returns the
 * new state, the bid records to append (in order), who leads now and who was outbid, and the new
 * end time (soft close). Increments, the minimum next bid and deposits come from the contract.
 *
 * Rules, as the engine applies them:
 * - the bid's maximum is `maxAmountCents ?? amountCents`; the amount must be ≥ the minimum next bid;
 * - the first bid sets the price to its amount (one manual record);
 * - a challenger's maximum above the leader's: the challenger leads at
 *   min(new max, leader max + increment(leader max)); records: the old leader's proxy at their max
 *   when that is above the old price, then the challenger's manual bid at the new price;
 * - a challenger's maximum at or below the leader's (equal maximums: the earlier one leads): the
 *   leader stays and the price rises to min(leader max, new max + increment(new max)); records:
 *   the challenger's manual bid at their max, then the leader's proxy at the new price;
 * - the leader may only raise their own maximum: no price change, no record, no extension
 *   (a maximum not above their current one is refused);
 * - soft close: a bid that moves the price within the last `softCloseSeconds` before the end moves
 *   the end to bid time + softCloseSeconds, never past `latestEndsAt` and never earlier than before.
 */

export interface EngineLeader {
  userId: string;
  maxCents: number;
  /** When the leader's maximum was set (earlier wins ties). */
  maxSetAt: Date;
}

export interface EngineLot {
  status: AuctionStatus;
  startPriceCents: number;
  currentPriceCents: number;
  bidCount: number;
  leader: EngineLeader | null;
  startsAt: Date;
  endsAt: Date;
  latestEndsAt: Date;
}

export interface EngineBid {
  userId: string;
  amountCents: number;
  maxAmountCents?: number | undefined;
  now: Date;
}

export interface EngineRecord {
  userId: string;
  amountCents: number;
  kind: BidKind;
}

export type RefusalReason = 'not_open' | 'bid_too_low' | 'max_not_raised';

export interface EngineRefusal {
  ok: false;
  reason: RefusalReason;
  minNextBidCents: number;
}

export interface EngineAccepted {
  ok: true;
  lot: EngineLot;
  /** Bid records to append, in order (empty when the leader only raised their maximum). */
  records: EngineRecord[];
  /** The bidder's maximum now (what their deposit must cover). */
  bidderMaxCents: number;
  leaderChanged: boolean;
  /** The previous leader when someone else now leads; null otherwise. */
  outbidUserId: string | null;
  /** Whether this bid moved the end (soft close). */
  extended: boolean;
}

export type EngineResult = EngineRefusal | EngineAccepted;

/** Open for bids: bidding and now within [startsAt, endsAt). */
export function isOpenAt(lot: Pick<EngineLot, 'status' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  const t = now.getTime();
  return lot.status === 'bidding' && t >= lot.startsAt.getTime() && t < lot.endsAt.getTime();
}

/** The end after a price-moving bid at `now` (soft close), never before the current end nor past the cap. */
export function softCloseEnd(lot: Pick<EngineLot, 'endsAt' | 'latestEndsAt'>, now: Date): Date {
  const windowMs = AUCTION_RULES.softCloseSeconds * 1000;
  const end = lot.endsAt.getTime();
  if (end - now.getTime() > windowMs) return lot.endsAt;
  const moved = Math.min(lot.latestEndsAt.getTime(), now.getTime() + windowMs);
  return new Date(Math.max(end, moved));
}

export function placeBid(lot: EngineLot, bid: EngineBid): EngineResult {
  const minNext = minNextBidCents(lot);
  if (!isOpenAt(lot, bid.now)) return { ok: false, reason: 'not_open', minNextBidCents: minNext };
  if (!Number.isSafeInteger(bid.amountCents) || bid.amountCents < minNext) {
    return { ok: false, reason: 'bid_too_low', minNextBidCents: minNext };
  }
  const max = Math.max(bid.maxAmountCents ?? bid.amountCents, bid.amountCents);
  const leader = lot.leader;

  if (leader === null) {
    // The first bid sets the price to its amount.
    const records: EngineRecord[] = [{ userId: bid.userId, amountCents: bid.amountCents, kind: 'manual' }];
    return accepted(lot, bid, {
      price: bid.amountCents,
      leader: { userId: bid.userId, maxCents: max, maxSetAt: bid.now },
      records,
      bidderMax: max,
      outbid: null,
    });
  }

  if (leader.userId === bid.userId) {
    // The leader raises their hidden maximum: no price change, no record.
    if (max <= leader.maxCents) return { ok: false, reason: 'max_not_raised', minNextBidCents: minNext };
    return {
      ok: true,
      lot: { ...lot, leader: { userId: leader.userId, maxCents: max, maxSetAt: bid.now } },
      records: [],
      bidderMaxCents: max,
      leaderChanged: false,
      outbidUserId: null,
      extended: false,
    };
  }

  if (max > leader.maxCents) {
    // The challenger leads, one increment above the old leader's maximum (capped at their own).
    const price = Math.min(max, leader.maxCents + incrementFor(leader.maxCents));
    const records: EngineRecord[] = [];
    if (leader.maxCents > lot.currentPriceCents) {
      records.push({ userId: leader.userId, amountCents: leader.maxCents, kind: 'proxy' });
    }
    records.push({ userId: bid.userId, amountCents: price, kind: 'manual' });
    return accepted(lot, bid, {
      price,
      leader: { userId: bid.userId, maxCents: max, maxSetAt: bid.now },
      records,
      bidderMax: max,
      outbid: leader.userId,
    });
  }

  // The leader holds (ties go to the earlier maximum, which is the leader's).
  const price = Math.min(leader.maxCents, max + incrementFor(max));
  return accepted(lot, bid, {
    price,
    leader,
    records: [
      { userId: bid.userId, amountCents: max, kind: 'manual' },
      { userId: leader.userId, amountCents: price, kind: 'proxy' },
    ],
    bidderMax: max,
    outbid: null,
  });
}

function accepted(
  lot: EngineLot,
  bid: EngineBid,
  next: { price: number; leader: EngineLeader; records: EngineRecord[]; bidderMax: number; outbid: string | null },
): EngineAccepted {
  const endsAt = softCloseEnd(lot, bid.now);
  return {
    ok: true,
    lot: {
      ...lot,
      currentPriceCents: next.price,
      bidCount: lot.bidCount + next.records.length,
      leader: next.leader,
      endsAt,
    },
    records: next.records,
    bidderMaxCents: next.bidderMax,
    leaderChanged: next.leader.userId !== lot.leader?.userId,
    outbidUserId: next.outbid,
    extended: endsAt.getTime() !== lot.endsAt.getTime(),
  };
}

/** What a lot's close sells: to whom and at what price, or nothing. */
export interface LotSale {
  winnerId: bigint;
  priceCents: number;
}

/**
 * The close's outcome (issue 16 adds the seller's reserve): no bids → no sale. Without a reserve,
 * or with the price at or above it, the leader buys at the current price. Below the reserve, a
 * leader whose hidden maximum reaches it buys at the reserve (the proxy would have bid that far);
 * otherwise the reserve is not met and nothing is sold.
 */
export function saleOf(
  lot: Pick<EngineLot, 'currentPriceCents'> & {
    bidCount: number;
    leaderId: bigint | null;
    leaderMaxCents: number | null;
    reservePriceCents: number | null;
  },
): LotSale | null {
  if (lot.bidCount === 0 || lot.leaderId === null) return null;
  const reserve = lot.reservePriceCents;
  if (reserve === null || lot.currentPriceCents >= reserve) {
    return { winnerId: lot.leaderId, priceCents: lot.currentPriceCents };
  }
  if ((lot.leaderMaxCents ?? 0) >= reserve) return { winnerId: lot.leaderId, priceCents: reserve };
  return null;
}

/** Whether a lot's reserve is met by what the leader has committed (null: no reserve). */
export function reserveMet(
  lot: Pick<EngineLot, 'currentPriceCents'> & { leaderMaxCents: number | null; reservePriceCents: number | null },
): boolean | null {
  if (lot.reservePriceCents === null) return null;
  return Math.max(lot.currentPriceCents, lot.leaderMaxCents ?? 0) >= lot.reservePriceCents;
}
