import { AUCTION_RULES, depositFor, incrementFor, minNextBidCents } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import {
  type EngineAccepted,
  type EngineLot,
  type EngineResult,
  placeBid,
  reserveMet,
  saleOf,
  softCloseEnd,
} from './auctions.engine.ts';

const START = new Date('2026-01-05T00:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(START.getTime() + ms);

function lot(overrides: Partial<EngineLot> = {}): EngineLot {
  return {
    status: 'bidding',
    startPriceCents: 1_000,
    currentPriceCents: 1_000,
    bidCount: 0,
    leader: null,
    startsAt: START,
    endsAt: at(3 * DAY),
    latestEndsAt: at(6 * DAY),
    ...overrides,
  };
}

function ok(result: EngineResult): EngineAccepted {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

describe('increments at every tier boundary', () => {
  it.each([
    [0, 100],
    [9_999, 100],
    [10_000, 500],
    [49_999, 500],
    [50_000, 1_000],
    [99_999, 1_000],
    [100_000, 2_500],
    [499_999, 2_500],
    [500_000, 5_000],
    [999_999, 5_000],
    [1_000_000, 10_000],
    [4_999_999, 10_000],
    [5_000_000, 50_000],
    [100_000_000, 50_000],
  ])('at %i cents the increment is %i', (price, increment) => {
    expect(incrementFor(price)).toBe(increment);
  });
});

describe('minimum next bid and deposit', () => {
  it('is the start price without bids and price + increment after', () => {
    expect(minNextBidCents({ startPriceCents: 2_500, currentPriceCents: 2_500, bidCount: 0 })).toBe(2_500);
    expect(minNextBidCents({ startPriceCents: 2_500, currentPriceCents: 2_500, bidCount: 1 })).toBe(2_600);
    expect(minNextBidCents({ startPriceCents: 100, currentPriceCents: 9_999, bidCount: 3 })).toBe(10_099);
    expect(minNextBidCents({ startPriceCents: 100, currentPriceCents: 10_000, bidCount: 3 })).toBe(10_500);
  });

  it('deposit is max($10, 10% of the maximum), rounded up to the cent', () => {
    expect(depositFor(100)).toBe(1_000);
    expect(depositFor(10_000)).toBe(1_000);
    expect(depositFor(10_001)).toBe(1_001);
    expect(depositFor(10_009)).toBe(1_001);
    expect(depositFor(25_000)).toBe(2_500);
    expect(depositFor(1_000_000)).toBe(100_000);
  });
});

describe('bidding', () => {
  it('the first bid sets the price to its amount and leads with its maximum', () => {
    const r = ok(placeBid(lot(), { userId: 'a', amountCents: 1_500, maxAmountCents: 5_000, now: at(1000) }));
    expect(r.lot.currentPriceCents).toBe(1_500);
    expect(r.lot.leader).toEqual({ userId: 'a', maxCents: 5_000, maxSetAt: at(1000) });
    expect(r.records).toEqual([{ userId: 'a', amountCents: 1_500, kind: 'manual' }]);
    expect(r.leaderChanged).toBe(true);
    expect(r.outbidUserId).toBeNull();
    expect(r.bidderMaxCents).toBe(5_000);
  });

  it('refuses below the minimum next bid with the minimum', () => {
    expect(placeBid(lot(), { userId: 'a', amountCents: 999, now: at(1) })).toEqual({
      ok: false,
      reason: 'bid_too_low',
      minNextBidCents: 1_000,
    });
    const first = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, now: at(1) }));
    expect(placeBid(first.lot, { userId: 'b', amountCents: 1_099, now: at(2) })).toMatchObject({
      ok: false,
      reason: 'bid_too_low',
      minNextBidCents: 1_100,
    });
  });

  it('refuses before the start, at or after the end, and when not bidding', () => {
    expect(placeBid(lot(), { userId: 'a', amountCents: 1_000, now: at(-1) })).toMatchObject({ reason: 'not_open' });
    expect(placeBid(lot(), { userId: 'a', amountCents: 1_000, now: at(3 * DAY) })).toMatchObject({
      reason: 'not_open',
    });
    expect(placeBid(lot({ status: 'ended' }), { userId: 'a', amountCents: 1_000, now: at(1) })).toMatchObject({
      reason: 'not_open',
    });
    expect(placeBid(lot({ status: 'scheduled' }), { userId: 'a', amountCents: 1_000, now: at(1) })).toMatchObject({
      reason: 'not_open',
    });
  });

  it('a higher maximum leads one increment above the old maximum; the old leader’s proxy is recorded', () => {
    const a = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, maxAmountCents: 5_000, now: at(1) }));
    const b = ok(placeBid(a.lot, { userId: 'b', amountCents: 1_100, maxAmountCents: 8_000, now: at(2) }));
    expect(b.lot.currentPriceCents).toBe(5_100);
    expect(b.lot.leader?.userId).toBe('b');
    expect(b.records).toEqual([
      { userId: 'a', amountCents: 5_000, kind: 'proxy' },
      { userId: 'b', amountCents: 5_100, kind: 'manual' },
    ]);
    expect(b.leaderChanged).toBe(true);
    expect(b.outbidUserId).toBe('a');
    expect(b.lot.bidCount).toBe(3);
  });

  it('a higher maximum within one increment leads at its own maximum', () => {
    const a = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, maxAmountCents: 5_000, now: at(1) }));
    const b = ok(placeBid(a.lot, { userId: 'b', amountCents: 5_050, now: at(2) }));
    expect(b.lot.currentPriceCents).toBe(5_050);
    expect(b.records.at(-1)).toEqual({ userId: 'b', amountCents: 5_050, kind: 'manual' });
  });

  it('no proxy record for the old leader when their maximum is the price', () => {
    const a = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, now: at(1) }));
    const b = ok(placeBid(a.lot, { userId: 'b', amountCents: 1_100, maxAmountCents: 3_000, now: at(2) }));
    expect(b.records).toEqual([{ userId: 'b', amountCents: 1_100, kind: 'manual' }]);
    expect(b.lot.currentPriceCents).toBe(1_100);
  });

  it('a lower maximum leaves the leader, who answers one increment above it', () => {
    const a = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, maxAmountCents: 20_000, now: at(1) }));
    const b = ok(placeBid(a.lot, { userId: 'b', amountCents: 1_100, maxAmountCents: 9_950, now: at(2) }));
    expect(b.lot.leader?.userId).toBe('a');
    expect(b.lot.currentPriceCents).toBe(10_050);
    expect(b.records).toEqual([
      { userId: 'b', amountCents: 9_950, kind: 'manual' },
      { userId: 'a', amountCents: 10_050, kind: 'proxy' },
    ]);
    expect(b.leaderChanged).toBe(false);
    expect(b.outbidUserId).toBeNull();
  });

  it('the leader’s answer is capped at the leader’s maximum', () => {
    const a = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, maxAmountCents: 5_050, now: at(1) }));
    const b = ok(placeBid(a.lot, { userId: 'b', amountCents: 5_000, now: at(2) }));
    expect(b.lot.currentPriceCents).toBe(5_050);
    expect(b.lot.leader?.userId).toBe('a');
  });

  it('on equal maximums the earlier one leads, at that maximum', () => {
    const a = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, maxAmountCents: 5_000, now: at(1) }));
    const b = ok(placeBid(a.lot, { userId: 'b', amountCents: 1_100, maxAmountCents: 5_000, now: at(2) }));
    expect(b.lot.leader?.userId).toBe('a');
    expect(b.lot.currentPriceCents).toBe(5_000);
    expect(b.records).toEqual([
      { userId: 'b', amountCents: 5_000, kind: 'manual' },
      { userId: 'a', amountCents: 5_000, kind: 'proxy' },
    ]);
  });

  it('the leader raising their maximum moves no price and writes no record; a lower one is refused', () => {
    const a = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, maxAmountCents: 5_000, now: at(1) }));
    const b = ok(placeBid(a.lot, { userId: 'b', amountCents: 1_100, maxAmountCents: 2_000, now: at(2) }));
    const raise = ok(placeBid(b.lot, { userId: 'a', amountCents: 2_200, maxAmountCents: 9_000, now: at(3) }));
    expect(raise.records).toEqual([]);
    expect(raise.lot.currentPriceCents).toBe(2_100);
    expect(raise.lot.bidCount).toBe(b.lot.bidCount);
    expect(raise.lot.leader).toEqual({ userId: 'a', maxCents: 9_000, maxSetAt: at(3) });
    expect(raise.bidderMaxCents).toBe(9_000);
    expect(placeBid(raise.lot, { userId: 'a', amountCents: 2_200, maxAmountCents: 9_000, now: at(4) })).toMatchObject({
      ok: false,
      reason: 'max_not_raised',
    });
    // The amount check still applies to the leader.
    expect(placeBid(raise.lot, { userId: 'a', amountCents: 2_100, maxAmountCents: 20_000, now: at(4) })).toMatchObject({
      ok: false,
      reason: 'bid_too_low',
      minNextBidCents: 2_200,
    });
  });
});

describe('soft close', () => {
  const end = at(3 * DAY);
  const window = AUCTION_RULES.softCloseSeconds * 1000;

  it('a bid in the last 5 minutes moves the end to 5 minutes after the bid', () => {
    const now = new Date(end.getTime() - 60_000);
    const r = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, now }));
    expect(r.lot.endsAt).toEqual(new Date(now.getTime() + window));
    expect(r.extended).toBe(true);
  });

  it('a bid earlier than the last 5 minutes does not move the end', () => {
    const now = new Date(end.getTime() - window - 1);
    const r = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, now }));
    expect(r.lot.endsAt).toEqual(end);
    expect(r.extended).toBe(false);
  });

  it('never moves the end past start + 6 days', () => {
    const latest = at(6 * DAY);
    const now = new Date(latest.getTime() - 60_000);
    const r = ok(
      placeBid(lot({ endsAt: new Date(latest.getTime() - 30_000) }), { userId: 'a', amountCents: 1_000, now }),
    );
    expect(r.lot.endsAt).toEqual(latest);
    expect(softCloseEnd({ endsAt: latest, latestEndsAt: latest }, new Date(latest.getTime() - 1))).toEqual(latest);
  });

  it('a leader raising only their maximum does not extend', () => {
    const a = ok(placeBid(lot(), { userId: 'a', amountCents: 1_000, now: at(1) }));
    const r = ok(placeBid(a.lot, { userId: 'a', amountCents: 1_100, maxAmountCents: 5_000, now: at(3 * DAY - 1000) }));
    expect(r.lot.endsAt).toEqual(end);
  });
});

describe('saleOf and reserveMet: what a close sells (issue 16 reserve)', () => {
  const lot = (over: Partial<Parameters<typeof saleOf>[0]> = {}) => ({
    currentPriceCents: 10_000,
    bidCount: 3,
    leaderId: 7n,
    leaderMaxCents: 20_000,
    reservePriceCents: null,
    ...over,
  });
  it('no bids sells nothing', () => {
    expect(saleOf(lot({ bidCount: 0, leaderId: null }))).toBeNull();
  });
  it('without a reserve the leader buys at the current price', () => {
    expect(saleOf(lot())).toEqual({ winnerId: 7n, priceCents: 10_000 });
    expect(reserveMet(lot())).toBeNull();
  });
  it('at or above the reserve the leader buys at the current price', () => {
    expect(saleOf(lot({ reservePriceCents: 10_000 }))).toEqual({ winnerId: 7n, priceCents: 10_000 });
    expect(reserveMet(lot({ reservePriceCents: 10_000 }))).toBe(true);
  });
  it('below the reserve a maximum that reaches it buys at the reserve', () => {
    expect(saleOf(lot({ reservePriceCents: 15_000 }))).toEqual({ winnerId: 7n, priceCents: 15_000 });
    expect(saleOf(lot({ reservePriceCents: 20_000 }))).toEqual({ winnerId: 7n, priceCents: 20_000 });
    expect(reserveMet(lot({ reservePriceCents: 20_000 }))).toBe(true);
  });
  it('a maximum below the reserve: not met, nothing sold', () => {
    expect(saleOf(lot({ reservePriceCents: 20_001 }))).toBeNull();
    expect(reserveMet(lot({ reservePriceCents: 20_001 }))).toBe(false);
  });
});
