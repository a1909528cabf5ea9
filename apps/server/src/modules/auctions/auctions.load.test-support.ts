import { incrementFor, minNextBidCents } from '@namebourse/contract';
import type { DbOrTx } from '../../db/open-database.ts';
import { type EngineLot, placeBid } from './auctions.engine.ts';
import { type AuctionRow, findAuction, insertAuction, listBidRows } from './auctions.repository.ts';
import { newLotRow } from './auctions.test-support.ts';

/**
 * Helpers for the load tests that drive server processes (crash, two instances): a lot written
 * straight to the database, the bid records per bidder, spaced maximums and the reference outcome
 * computed with the pure engine.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A lot open for bidding since an hour before `now`, ending 3 days after it (no soft close in reach). */
export function insertOpenLot(db: DbOrTx, now: Date, domain: string, startPriceCents: number): Promise<AuctionRow> {
  const startsAt = new Date(now.getTime() - HOUR_MS);
  const endsAt = new Date(now.getTime() + 3 * DAY_MS);
  return insertAuction(db, newLotRow(domain, now, { startsAt, endsAt, startPriceCents }));
}

/** The lot row as stored now. */
export async function lotRow(db: DbOrTx, auctionId: bigint): Promise<AuctionRow> {
  const row = await findAuction(db, auctionId);
  if (!row) throw new Error(`lot ${auctionId} not found`);
  return row;
}

/** How many bid records of each kind each user has on the lot (by user id). */
export async function recordsByUser(
  db: DbOrTx,
  auctionId: bigint,
): Promise<Map<string, { manual: number; proxy: number }>> {
  const out = new Map<string, { manual: number; proxy: number }>();
  for (let offset = 0; ; offset += 500) {
    const { items } = await listBidRows(db, auctionId, { limit: 500, offset });
    for (const r of items) {
      const key = r.userId.toString();
      const counts = out.get(key) ?? { manual: 0, proxy: 0 };
      if (r.kind === 'manual') counts.manual += 1;
      else counts.proxy += 1;
      out.set(key, counts);
    }
    if (items.length < 500) return out;
  }
}

/**
 * `count` distinct maximums from `startPriceCents` up, each far enough above the one below that a
 * bidder can always still bid when only lower maximums set the price (the one below plus its
 * increment, plus that price's increment, at least). With such maximums the outcome of proxy
 * bidding does not depend on the order of the bids: the highest maximum leads at the second
 * highest plus its increment (capped by the highest).
 */
export function spacedMaximums(count: number, startPriceCents: number, random: () => number): number[] {
  const out: number[] = [];
  let max = startPriceCents + Math.floor(random() * incrementFor(startPriceCents));
  for (let i = 0; i < count; i++) {
    out.push(max);
    const above = max + incrementFor(max);
    max = above + incrementFor(above) + 1 + Math.floor(random() * incrementFor(above));
  }
  return out;
}

export interface ReferenceBidder {
  userId: string;
  maxCents: number;
}

/**
 * The outcome the rules give, by the pure engine: the bidders take turns in the given order, each
 * bidding the minimum next bid with their maximum while that minimum is within it, until every
 * bidder is either in (accepted once) or priced out. Also checks the order-free statement of it
 * (leader = highest maximum, price = min(highest, second + increment(second))) and throws if they
 * differ: the load tests compare the servers with this.
 */
export function referenceOutcome(
  startPriceCents: number,
  bidders: ReferenceBidder[],
): { leaderId: string; priceCents: number } {
  const t0 = new Date('2026-01-05T00:00:00.000Z');
  let lot: EngineLot = {
    status: 'bidding',
    startPriceCents,
    currentPriceCents: startPriceCents,
    bidCount: 0,
    leader: null,
    startsAt: t0,
    endsAt: new Date(t0.getTime() + 3 * DAY_MS),
    latestEndsAt: new Date(t0.getTime() + 6 * DAY_MS),
  };
  let waiting = [...bidders];
  while (waiting.length > 0) {
    const still: ReferenceBidder[] = [];
    for (const b of waiting) {
      const amountCents = minNextBidCents(lot);
      if (amountCents > b.maxCents) continue;
      const now = new Date(t0.getTime() + HOUR_MS + lot.bidCount * 1000);
      const result = placeBid(lot, { userId: b.userId, amountCents, maxAmountCents: b.maxCents, now });
      if (result.ok) lot = result.lot;
      else still.push(b);
    }
    if (still.length === waiting.length) break;
    waiting = still;
  }
  const sorted = [...bidders].sort((a, b) => b.maxCents - a.maxCents);
  const [top, next] = sorted;
  if (!top || !next || !lot.leader) throw new Error('the reference needs at least two bidders');
  const closedForm = Math.min(top.maxCents, next.maxCents + incrementFor(next.maxCents));
  if (lot.leader.userId !== top.userId || lot.currentPriceCents !== closedForm) {
    throw new Error(
      `engine (${lot.leader.userId} at ${lot.currentPriceCents}) and closed form (${top.userId} at ${closedForm}) differ`,
    );
  }
  return { leaderId: top.userId, priceCents: lot.currentPriceCents };
}
