import { type AuctionDetail, type BidRecord, depositFor, incrementFor } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { checkBooks, getBalancesOf } from '../ledger/ledger.service.ts';
import { buildMoneyTestApp, readyBuyer, type SignedIn, signIn } from '../orders/orders.test-support.ts';
import { expectChainValid, insertLot } from './auctions.test-support.ts';

/**
 * 64 bidders on one lot at once, over HTTP (inject) on PostgreSQL (PGlite has one connection, so
 * concurrency belongs here). Each bidder wants the lot up to a random, distinct maximum and bids
 * the minimum next bid with that maximum, trying again with the new minimum while it stays within
 * reach — as a person refreshing the page would. Afterwards the lot must be exactly what the rules
 * give for the maximums that were accepted, and every deposit held exactly once.
 */

const BIDDERS = 64;
const EN = { 'accept-language': 'en-US' };

describe.skipIf(!process.env.TEST_DATABASE_URL)('64 concurrent bidders on one lot (postgres)', () => {
  let t: TestContext;
  let bidders: SignedIn[];

  beforeAll(async () => {
    t = await buildMoneyTestApp('postgres');
    bidders = [];
    for (let i = 0; i < BIDDERS; i++) bidders.push(await readyBuyer(t, 1_000_000));
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('one leader, the exact price, every deposit once, books balanced, contiguous seqs, chain valid', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    // Distinct maximums between $10 and $5,000 (ties are covered by the engine's tests).
    const pool = new Set<number>();
    while (pool.size < BIDDERS) pool.add(1_000 + Math.floor(Math.random() * 499_000));
    const maxes = [...pool];

    const place = (who: SignedIn, amountCents: number, maxAmountCents: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/auctions/${id}/bids`,
        headers: { ...who.headers, ...EN },
        payload: { amountCents, maxAmountCents },
      });

    const outcomes = await Promise.all(
      bidders.map(async (who, i) => {
        const max = maxes[i] as number;
        let amount = 1_000;
        for (let attempt = 0; attempt < 200; attempt++) {
          const res = await place(who, amount, max);
          if (res.statusCode === 200) return { accepted: true, max };
          const body = res.json();
          if (body.code !== 'Auction.BidTooLow') throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
          amount = body.data.minNextBidCents;
          if (amount > max) return { accepted: false, max };
        }
        throw new Error('too many attempts');
      }),
    );

    const accepted = outcomes.filter((o) => o.accepted).map((o) => o.max);
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    const sorted = [...accepted].sort((a, b) => b - a);
    const [top, second] = sorted as [number, number];
    const expectedPrice = Math.min(top, second + incrementFor(second));
    const leaderIndex = maxes.indexOf(top);

    const detailRes = await t.app.inject({
      method: 'GET',
      url: `/api/auctions/${id}`,
      headers: { ...(bidders[leaderIndex] as SignedIn).headers, ...EN },
    });
    const detail = detailRes.json().data as AuctionDetail;
    expect(detail.currentPriceCents).toBe(expectedPrice);
    expect(detail.isLeading).toBe(true);
    expect(detail.myMaxBidCents).toBe(top);
    expect(detail.bidderCount).toBe(accepted.length);

    // Exactly one leader: nobody else sees themselves leading.
    const leading = await Promise.all(
      bidders.map(async (who) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/auctions/${id}`,
          headers: { ...who.headers, ...EN },
        });
        return (res.json().data as AuctionDetail).isLeading;
      }),
    );
    expect(leading.filter(Boolean)).toHaveLength(1);

    // Every bidder's frozen money is the deposit of their own maximum, held once; the rest is available.
    const balances = await getBalancesOf(
      t.app.platform.db,
      bidders.map((b) => b.user.id),
    );
    bidders.forEach((who, i) => {
      const o = outcomes[i] as { accepted: boolean; max: number };
      const b = balances.get(who.user.id.toString());
      const deposit = o.accepted ? depositFor(o.max) : 0;
      expect(b).toMatchObject({ frozenCents: deposit, availableCents: 1_000_000 - deposit });
    });
    const books = await checkBooks(t.app.platform.db, t.clock.now(), async (uid) => uid);
    expect(books.balanced).toBe(true);

    // Records: seqs 1..n without gaps, amounts never decreasing, the chain verifies.
    const all: BidRecord[] = [];
    for (let page = 1; ; page++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auctions/${id}/bids?page=${page}&pageSize=100` });
      const items = res.json().data.items as BidRecord[];
      all.push(...items);
      if (items.length < 100) break;
    }
    const oldestFirst = all.reverse();
    expect(oldestFirst.length).toBe(detail.bidCount);
    expect(oldestFirst.map((r) => r.seq)).toEqual(oldestFirst.map((_, i) => i + 1));
    for (let i = 1; i < oldestFirst.length; i++) {
      expect((oldestFirst[i] as BidRecord).amountCents).toBeGreaterThanOrEqual(
        (oldestFirst[i - 1] as BidRecord).amountCents,
      );
    }
    expect(oldestFirst.at(-1)?.amountCents).toBe(expectedPrice);
    expectChainValid(id, oldestFirst, detail.chainHead);
  }, 300_000);

  it('bids refused in the middle of a busy lot change nothing and do not disturb the others', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    // Bidders with too little money ($5 against a $10 deposit) and one without contact information,
    // bidding at the same moment as 16 funded bidders (so they share batches with them).
    const poor = [await readyBuyer(t, 500), await readyBuyer(t, 500), await readyBuyer(t, 500)];
    const incomplete = await signIn(t);
    const funded = bidders.slice(0, 16);
    const everyone = [...funded, ...poor, incomplete].sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      everyone.map((who, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/auctions/${id}/bids`,
          headers: { ...who.headers, ...EN },
          // The poor bid above anything else, so the engine accepts and only the deposit refuses them.
          payload: poor.includes(who)
            ? { amountCents: 900_000 + i }
            : { amountCents: 1_000 + i * 100, maxAmountCents: 50_000 + i * 1_000 },
        }),
      ),
    );
    const byWho = new Map(everyone.map((who, i) => [who, results[i]]));
    for (const who of poor) {
      const res = byWho.get(who);
      expect(res?.statusCode).toBe(402);
      expect(res?.json()).toMatchObject({ code: 'Funds.InsufficientBalance' });
    }
    expect(byWho.get(incomplete)?.json().code).toBe('Commodity.UserContactInfoIncomplete');
    const fundedCodes = funded.map((who) => byWho.get(who)?.json().code);
    expect(fundedCodes.every((c) => c === '200' || c === 'Auction.BidTooLow')).toBe(true);
    expect(fundedCodes.filter((c) => c === '200').length).toBeGreaterThanOrEqual(1);

    const balances = await getBalancesOf(
      t.app.platform.db,
      [...poor, incomplete].map((b) => b.user.id),
    );
    for (const who of poor) {
      expect(balances.get(who.user.id.toString())).toMatchObject({ availableCents: 500, frozenCents: 0 });
    }
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/auctions/${id}`, headers: { ...funded[0]?.headers, ...EN } })
    ).json().data as AuctionDetail;
    expect(detail.bidderCount).toBe(fundedCodes.filter((c) => c === '200').length);
    const res = await t.app.inject({ method: 'GET', url: `/api/auctions/${id}/bids?pageSize=100` });
    const records = (res.json().data.items as BidRecord[]).reverse();
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    expectChainValid(id, records, detail.chainHead);
    const books = await checkBooks(t.app.platform.db, t.clock.now(), async (uid) => uid);
    expect(books.balanced).toBe(true);
  }, 120_000);
});
