import { buyerTotal, ORDER_LIMITS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { enginesFor, suiteContext, type TestContext } from '../../../test/helpers.ts';
import type { SignedIn } from '../orders/orders.test-support.ts';
import { credit, signIn } from '../orders/orders.test-support.ts';
import { writeCompleteContactInfo } from '../profile/profile.test-support.ts';
import { findListingRow } from './buying.repository.ts';
import {
  addToCart,
  asUser,
  availableOf,
  buildBuyingTestApp,
  buyNow,
  escrowCents,
  expectBooksBalanced,
  fundedBuyer,
  listFor,
  newSeller,
} from './buying.test-support.ts';

const PRICE = 10_000;
const TOTAL = buyerTotal(PRICE).totalCents;

async function kindsOf(t: TestContext, who: SignedIn): Promise<string[]> {
  const res = await asUser(t, who, 'GET', '/api/messages?pageSize=50');
  return (res.json().data.items as { kind: string }[]).map((m) => m.kind);
}

async function statusOf(t: TestContext, listingId: bigint): Promise<string | undefined> {
  return (await findListingRow(t.app.platform.db, listingId))?.status;
}

describe.each(enginesFor('app'))('buy now (%s)', (engine) => {
  const t = suiteContext(() => buildBuyingTestApp(engine), 120_000);

  it('buys at the active price when the request has no body at all', async () => {
    const seller = await newSeller(t);
    const listing = await listFor(t, seller.user.id, { priceCents: PRICE });
    const buyer = await fundedBuyer(t, 50_000);
    const res = await asUser(t, buyer, 'POST', `/api/listings/${listing.id}/buy`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ paid: true, priceCents: PRICE });
  });

  it('pays from the balance at once: escrow holds the total, the listing is selling, the seller is told', async () => {
    const seller = await newSeller(t);
    const listing = await listFor(t, seller.user.id, { priceCents: PRICE });
    const buyer = await fundedBuyer(t, 50_000);
    const escrowBefore = await escrowCents(t);

    const res = await buyNow(t, buyer, listing.id, { expectedPriceCents: PRICE });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      paid: true,
      status: 'paid_awaiting_delivery',
      domain: listing.domain,
      priceCents: PRICE,
      taxCents: TOTAL - PRICE,
      amountCents: TOTAL,
      shortfallCents: 0,
      payBy: null,
    });
    expect(await availableOf(t, buyer.user.id)).toBe(50_000 - TOTAL);
    expect(await escrowCents(t)).toBe(escrowBefore + TOTAL);
    expect(await statusOf(t, listing.id)).toBe('selling');

    const order = await asUser(t, buyer, 'GET', `/api/orders/${data.orderId}`);
    expect(order.json().data).toMatchObject({ status: 'paid_awaiting_delivery', source: 'fixed' });
    expect(await kindsOf(t, seller)).toContain('sale_ordered');
    const buyerKinds = await kindsOf(t, buyer);
    expect(buyerKinds).toContain('order_paid');
    expect(buyerKinds).not.toContain('order_created');
    await expectBooksBalanced(t);
  });

  it('leaves the order awaiting payment when the balance is short, with the shortfall and the pay-by time', async () => {
    const seller = await newSeller(t);
    const listing = await listFor(t, seller.user.id, { priceCents: PRICE });
    const buyer = await fundedBuyer(t, 4_000);
    const escrowBefore = await escrowCents(t);

    const res = await buyNow(t, buyer, listing.id);
    expect(res.statusCode, res.body).toBe(200);
    const payBy = new Date(t.clock.now().getTime() + ORDER_LIMITS.payWindowHours * 3_600_000).toISOString();
    expect(res.json().data).toMatchObject({
      paid: false,
      status: 'awaiting_payment',
      amountCents: TOTAL,
      shortfallCents: TOTAL - 4_000,
      payBy,
    });
    expect(await availableOf(t, buyer.user.id)).toBe(4_000);
    expect(await escrowCents(t)).toBe(escrowBefore);
    expect(await statusOf(t, listing.id)).toBe('selling');
    expect(await kindsOf(t, buyer)).toContain('order_created');

    // A recharge, then the order is paid through the orders area as any other.
    await credit(t, buyer.user.id, TOTAL);
    const pay = await asUser(t, buyer, 'POST', `/api/orders/${res.json().data.orderId}/pay`);
    expect(pay.json().data).toMatchObject({ status: 'paid_awaiting_delivery' });
    expect(await availableOf(t, buyer.user.id)).toBe(4_000);
    await expectBooksBalanced(t);
  });

  it('refuses with the reason: own listing, sold, selling, price changed, no price, not on sale, unknown', async () => {
    const seller = await newSeller(t);
    const buyer = await fundedBuyer(t, 100_000);
    const reasonOf = async (listingId: bigint | string, body: object = {}, who = buyer) => {
      const res = await buyNow(t, who, listingId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('Commodity.PurchaseFailed');
      return res.json().data;
    };

    const own = await listFor(t, seller.user.id);
    await credit(t, seller.user.id, 100_000);
    await writeCompleteContactInfo(t.app.platform.db, seller.user.id, t.clock.now());
    expect(await reasonOf(own.id, {}, seller)).toMatchObject({ reason: 'own_listing' });

    const sold = await listFor(t, seller.user.id, { status: 'sold' });
    expect(await reasonOf(sold.id)).toMatchObject({ reason: 'sold' });

    const taken = await listFor(t, seller.user.id);
    const first = await fundedBuyer(t, 100_000);
    expect((await buyNow(t, first, taken.id)).json().data.paid).toBe(true);
    expect(await reasonOf(taken.id)).toMatchObject({ reason: 'selling' });

    const repriced = await listFor(t, seller.user.id, { priceCents: 12_000 });
    expect(await reasonOf(repriced.id, { expectedPriceCents: 10_000 })).toEqual({
      reason: 'price_changed',
      priceCents: 12_000,
    });
    expect(await statusOf(t, repriced.id)).toBe('on_sale');

    const offerOnly = await listFor(t, seller.user.id, { mode: 'offer', priceCents: null, floorCents: 5_000 });
    expect(await reasonOf(offerOnly.id)).toMatchObject({ reason: 'no_price' });
    const paused = await listFor(t, seller.user.id, { paused: true });
    expect(await reasonOf(paused.id)).toMatchObject({ reason: 'unavailable' });
    const offShelf = await listFor(t, seller.user.id, { status: 'off_shelf' });
    expect(await reasonOf(offShelf.id)).toMatchObject({ reason: 'unavailable' });
    expect(await reasonOf('987654321')).toMatchObject({ reason: 'unavailable' });

    expect(await availableOf(t, buyer.user.id)).toBe(100_000);
    await expectBooksBalanced(t);
  });

  it('needs complete contact information', async () => {
    const seller = await newSeller(t);
    const listing = await listFor(t, seller.user.id);
    const buyer = await signIn(t);
    await credit(t, buyer.user.id, 100_000);
    const res = await buyNow(t, buyer, listing.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Commodity.UserContactInfoIncomplete');
    expect(await statusOf(t, listing.id)).toBe('on_sale');
    expect(await availableOf(t, buyer.user.id)).toBe(100_000);
  });

  it('answers a retry with the same Idempotency-Key from the first purchase, charging once', async () => {
    const seller = await newSeller(t);
    const listing = await listFor(t, seller.user.id);
    const buyer = await fundedBuyer(t, 50_000);
    const key = { 'idempotency-key': `buy-${listing.id}` };
    const first = await asUser(t, buyer, 'POST', `/api/listings/${listing.id}/buy`, {}, key);
    const again = await asUser(t, buyer, 'POST', `/api/listings/${listing.id}/buy`, {}, key);
    expect(first.statusCode).toBe(200);
    expect(again.json().data.orderId).toBe(first.json().data.orderId);
    expect(await availableOf(t, buyer.user.id)).toBe(50_000 - TOTAL);
  });

  it('takes the bought listing out of the buyer’s cart', async () => {
    const seller = await newSeller(t);
    const listing = await listFor(t, seller.user.id);
    const buyer = await fundedBuyer(t, 50_000);
    await addToCart(t, buyer, listing.id);
    expect((await buyNow(t, buyer, listing.id)).statusCode).toBe(200);
    const cart = await asUser(t, buyer, 'GET', '/api/cart');
    expect(cart.json().data.count).toBe(0);
  });
});

describe.each(enginesFor('app'))('my state of a market listing (%s)', (engine) => {
  const t = suiteContext(() => buildBuyingTestApp(engine), 120_000);

  it('says whether it is mine, in my cart, and my balance; Listing.NotFound off the market', async () => {
    const seller = await newSeller(t);
    const listing = await listFor(t, seller.user.id);
    const buyer = await fundedBuyer(t, 7_000);
    const mine = (who: SignedIn, domain = listing.domain) =>
      asUser(t, who, 'GET', `/api/market/${encodeURIComponent(domain)}/mine`);

    expect((await mine(buyer)).json().data).toEqual({
      isWatched: false,
      inCart: false,
      isOwn: false,
      offer: null,
      availableBalanceCents: 7_000,
    });
    await addToCart(t, buyer, listing.id);
    expect((await mine(buyer)).json().data).toMatchObject({ inCart: true, isOwn: false });
    expect((await mine(seller)).json().data).toMatchObject({ isOwn: true, inCart: false });

    const unknown = await mine(buyer, 'nothing-here-at-all.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('Listing.NotFound');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/market/${listing.domain}/mine` });
    expect(anonymous.statusCode).toBe(401);
  });
});
