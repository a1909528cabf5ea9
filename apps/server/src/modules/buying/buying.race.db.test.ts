import { buyerTotal } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { suiteContext } from '../../../test/helpers.ts';
import { findListingRow } from './buying.repository.ts';
import {
  addToCart,
  asUser,
  availableOf,
  buildBuyingTestApp,
  buyNow,
  expectBooksBalanced,
  fundedBuyer,
  fundedBuyers,
  listManyFor,
  newSeller,
} from './buying.test-support.ts';

const BUYERS = 64;
const PRICE = 10_000;
const TOTAL = buyerTotal(PRICE).totalCents;
const BALANCE = 50_000;

/**
 * Buying under contention, on PostgreSQL (PGlite has one connection): many buyers of one listing at
 * the same moment, and a checkout racing the seller taking its listings down.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('buying races (postgres)', () => {
  const t = suiteContext(() => buildBuyingTestApp('postgres'), 120_000);

  it(`${BUYERS} buyers of one listing at once: one order, the others told it is selling, one balance charged`, async () => {
    const seller = await newSeller(t);
    const [listing] = await listManyFor(t, seller.user.id, 1, { priceCents: PRICE });
    if (!listing) throw new Error('no listing');
    const buyers = await fundedBuyers(t, BUYERS, BALANCE);

    const answers = await Promise.all(buyers.map((b) => buyNow(t, b, listing.id, { expectedPriceCents: PRICE })));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]?.json().data).toMatchObject({ paid: true, status: 'paid_awaiting_delivery' });
    const lost = answers.filter((r) => r.statusCode !== 200);
    expect(lost).toHaveLength(BUYERS - 1);
    for (const r of lost)
      expect(r.json()).toMatchObject({ code: 'Commodity.PurchaseFailed', data: { reason: 'selling' } });

    const balances = await Promise.all(buyers.map((b) => availableOf(t, b.user.id)));
    expect(balances.filter((c) => c === BALANCE - TOTAL)).toHaveLength(1);
    expect(balances.filter((c) => c === BALANCE)).toHaveLength(BUYERS - 1);
    const orders = await Promise.all(buyers.map((b) => asUser(t, b, 'GET', '/api/orders')));
    expect(orders.reduce((n, r) => n + r.json().data.total, 0)).toBe(1);
    expect((await findListingRow(t.app.platform.db, listing.id))?.status).toBe('selling');
    await expectBooksBalanced(t);
  });

  it('a checkout racing the seller taking the listings down: each bought or off the shelf, never both', async () => {
    const seller = await newSeller(t);
    const ROUNDS = 8;
    const PER_ROUND = 6;
    let bought = 0;
    let withdrawn = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const listings = await listManyFor(t, seller.user.id, PER_ROUND, { priceCents: PRICE });
      const buyer = await fundedBuyer(t, PER_ROUND * TOTAL);
      for (const l of listings) await addToCart(t, buyer, l.id);
      const items = listings.map((l) => ({ listingId: l.id.toString(), priceCents: PRICE }));
      // The take-downs start around the checkout: some before, some during, some after.
      const [checkout, ...takeDowns] = await Promise.all([
        asUser(t, buyer, 'POST', '/api/cart/checkout', { items }),
        ...listings.map((l, i) =>
          new Promise((r) => setTimeout(r, (i + round) % 3)).then(() =>
            asUser(t, seller, 'POST', `/api/listings/${l.id}`, { action: 'take_down' }),
          ),
        ),
      ]);
      expect(checkout?.statusCode, checkout?.body).toBe(200);
      const result = checkout?.json().data as {
        orders: { listingId: string }[];
        failed: { listingId: string; code: string }[];
      };
      const boughtIds = new Set(result.orders.map((o) => o.listingId));
      for (const [i, l] of listings.entries()) {
        const row = await findListingRow(t.app.platform.db, l.id);
        const down = takeDowns[i];
        if (boughtIds.has(l.id.toString())) {
          bought += 1;
          expect(row?.status).toBe('selling');
          expect(row?.orderId).not.toBeNull();
          expect(down?.statusCode).toBe(409);
        } else {
          withdrawn += 1;
          expect(row?.status).toBe('off_shelf');
          expect(row?.orderId).toBeNull();
          expect(down?.statusCode, down?.body).toBe(200);
          expect(result.failed.find((f) => f.listingId === l.id.toString())?.code).toBe('Commodity.PurchaseFailed');
        }
      }
      expect(await availableOf(t, buyer.user.id)).toBe((PER_ROUND - boughtIds.size) * TOTAL);
      const orders = await asUser(t, buyer, 'GET', '/api/orders?pageSize=50');
      expect(orders.json().data.total).toBe(boughtIds.size);
    }
    expect(bought + withdrawn).toBe(ROUNDS * PER_ROUND);
    await expectBooksBalanced(t);
  });
});
