import { AUCTION_RULES, incrementFor } from '@namebourse/contract';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { type EngineLot, placeBid } from './auctions.engine.ts';

/**
 * The engine against a tiny reference model over random bid sequences. The model keeps every
 * bidder's maximum and recomputes the outcome from all of them (not incrementally): the leader is
 * the highest maximum, earliest on ties; the price is the first bid's amount while one bidder
 * stands, and otherwise min(leader max, second max + increment(second max)) after a challenger's bid.
 */

const START = new Date('2026-01-05T00:00:00.000Z').getTime();
const DAY = 86_400_000;
const WINDOW = AUCTION_RULES.softCloseSeconds * 1000;

/** A cheap assertion (expect() per step would make 10,000 runs slow). */
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`invariant broken: ${what}`);
}

/** One random bid: amount = min next + `over` (below it when `low`), max = amount + `maxExtra`, after `step` ms. */
const rawBid = fc.record({
  user: fc.integer({ min: 1, max: 5 }),
  over: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 200_000 })),
  low: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  maxExtra: fc.option(fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 600_000 })), {
    nil: undefined,
  }),
  step: fc.oneof(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: DAY })),
});

class Reference {
  readonly maxes = new Map<number, { max: number; order: number }>();
  price: number;
  bids = 0;
  firstAmount: number | null = null;
  order = 0;

  constructor(readonly startPrice: number) {
    this.price = startPrice;
  }

  leader(): number | null {
    let best: number | null = null;
    for (const [user, m] of this.maxes) {
      const b = best === null ? null : this.maxes.get(best);
      if (!b || m.max > b.max || (m.max === b.max && m.order < b.order)) best = user;
    }
    return best;
  }

  secondMax(leader: number): number | null {
    let second: number | null = null;
    for (const [user, m] of this.maxes) if (user !== leader && (second === null || m.max > second)) second = m.max;
    return second;
  }

  minNext(): number {
    return this.bids === 0 ? this.startPrice : this.price + incrementFor(this.price);
  }

  /** Returns false when refused. */
  bid(user: number, amount: number, max: number): boolean {
    if (amount < this.minNext()) return false;
    const leader = this.leader();
    if (leader === user) {
      const mine = this.maxes.get(user);
      if (!mine || max <= mine.max) return false;
      this.maxes.set(user, { max, order: this.order++ });
      return true;
    }
    this.maxes.set(user, { max, order: this.order++ });
    const now = this.leader() as number;
    const second = this.secondMax(now);
    const leaderMax = this.maxes.get(now)?.max as number;
    this.price = second === null ? amount : Math.min(leaderMax, second + incrementFor(second));
    this.bids += 1;
    return true;
  }
}

describe('the engine against a reference model', () => {
  it('agrees over 10,000 random bid sequences and keeps the invariants', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 200_000 }),
        fc.array(rawBid, { minLength: 1, maxLength: 25 }),
        (startPrice, raw) => {
          let lot: EngineLot = {
            status: 'bidding',
            startPriceCents: startPrice,
            currentPriceCents: startPrice,
            bidCount: 0,
            leader: null,
            startsAt: new Date(START),
            endsAt: new Date(START + 3 * DAY),
            latestEndsAt: new Date(START + 6 * DAY),
          };
          const ref = new Reference(startPrice);
          let now = START;
          let seq = 0;
          for (const b of raw) {
            now += b.step;
            const minNext = ref.minNext();
            const amount = b.low ? Math.max(1, minNext - 1 - (b.over % 500)) : minNext + b.over;
            const max = b.maxExtra === undefined ? amount : amount + b.maxExtra;
            const before = lot;
            const result = placeBid(lot, {
              userId: String(b.user),
              amountCents: amount,
              ...(b.maxExtra === undefined ? {} : { maxAmountCents: max }),
              now: new Date(now),
            });
            const open = now < before.endsAt.getTime();
            if (!open) {
              check(!result.ok && result.reason === 'not_open', 'not open');
              continue;
            }
            const accepted = ref.bid(b.user, amount, max);
            check(result.ok === accepted, 'accepted as the model');
            if (!result.ok) {
              check(result.minNextBidCents === minNext, 'min next');
              continue;
            }
            lot = result.lot;
            // Agrees with the model.
            check(lot.currentPriceCents === ref.price, 'price as the model');
            check(lot.leader?.userId === String(ref.leader()), 'leader as the model');
            check(lot.leader?.maxCents === ref.maxes.get(ref.leader() as number)?.max, 'leader max');
            check(lot.bidCount === before.bidCount + result.records.length, 'bid count');
            // Price never decreases and never exceeds the leader's maximum.
            check(lot.currentPriceCents >= before.currentPriceCents, 'price never decreases');
            check(lot.currentPriceCents <= (lot.leader?.maxCents ?? 0), 'price within the leader max');
            // After a challenger's bid: second max + increment, capped at the leader's max.
            const leaderUser = Number(lot.leader?.userId);
            const second = ref.secondMax(leaderUser);
            if (result.records.length > 0 && second !== null) {
              check(
                lot.currentPriceCents === Math.min(lot.leader?.maxCents ?? 0, second + incrementFor(second)),
                'second max + increment, capped',
              );
            }
            // Records: the last one is at the new price; amounts never decrease; seq strictly increases.
            let prevAmount = before.bidCount === 0 ? 0 : before.currentPriceCents;
            for (const r of result.records) {
              const next = seq + 1;
              check(next > seq, 'seq increases');
              seq = next;
              check(r.amountCents >= prevAmount, 'record amounts never decrease');
              prevAmount = r.amountCents;
            }
            if (result.records.length > 0)
              check(result.records.at(-1)?.amountCents === lot.currentPriceCents, 'last record at the price');
            // Ends: never before the previous end, never past the cap; extended only inside the window.
            check(lot.endsAt.getTime() >= before.endsAt.getTime(), 'end never earlier');
            check(lot.endsAt.getTime() <= lot.latestEndsAt.getTime(), 'end within the cap');
            if (result.records.length > 0 && before.endsAt.getTime() - now <= WINDOW) {
              check(lot.endsAt.getTime() === Math.min(lot.latestEndsAt.getTime(), now + WINDOW), 'soft close');
            } else {
              check(lot.endsAt.getTime() === before.endsAt.getTime(), 'end unchanged');
            }
          }
          check(seq === lot.bidCount, 'one record per counted bid');
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
