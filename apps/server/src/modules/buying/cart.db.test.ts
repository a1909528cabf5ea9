import { BUYING_RULES, buyerTotal } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { enginesFor, suiteContext, type TestContext } from '../../../test/helpers.ts';
import { credit, type SignedIn, signIn } from '../orders/orders.test-support.ts';
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
  listManyFor,
  newSeller,
} from './buying.test-support.ts';
import { upsertCartItem } from './cart.repository.ts';

const total = (priceCents: number) => buyerTotal(priceCents).totalCents;

async function cartOf(t: TestContext, buyer: SignedIn) {
  const res = await asUser(t, buyer, 'GET', '/api/cart');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The seller edits the price through the listings API (takes effect at once). */
async function reprice(t: TestContext, seller: SignedIn, listingId: bigint, priceCents: number) {
  const res = await asUser(t, seller, 'POST', `/api/listings/${listingId}`, { priceCents });
  expect(res.json(), res.body).toMatchObject({ code: '200' });
}

function checkout(
  t: TestContext,
  buyer: SignedIn,
  items: { listingId: bigint; priceCents: number }[],
  locale = 'en-US',
) {
  return asUser(
    t,
    buyer,
    'POST',
    '/api/cart/checkout',
    { items: items.map((i) => ({ listingId: i.listingId.toString(), priceCents: i.priceCents })) },
    { 'accept-language': locale },
  );
}

describe.each(enginesFor('app'))('the cart (%s)', (engine) => {
  const t = suiteContext(() => buildBuyingTestApp(engine), 120_000);

  it('adds, lists with totals and the balance, removes; a second add keeps one line', async () => {
    const seller = await newSeller(t);
    const [a, b] = await listManyFor(t, seller.user.id, 2, { priceCents: 10_000 });
    if (!a || !b) throw new Error('no listings');
    const buyer = await fundedBuyer(t, 15_000);
    await addToCart(t, buyer, a.id);
    await addToCart(t, buyer, b.id);
    await addToCart(t, buyer, a.id);

    const cart = await cartOf(t, buyer);
    expect(cart).toMatchObject({
      count: 2,
      subtotalCents: 20_000,
      taxCents: 2 * (total(10_000) - 10_000),
      totalCents: 2 * total(10_000),
      availableBalanceCents: 15_000,
      shortfallCents: 2 * total(10_000) - 15_000,
    });
    expect(cart.items[0]).toMatchObject({
      listingId: b.id.toString(),
      domain: b.domain,
      available: true,
      unavailableReason: null,
      priceCents: 10_000,
      addedPriceCents: 10_000,
      priceChanged: false,
      totalCents: total(10_000),
    });

    const removed = await asUser(t, buyer, 'DELETE', `/api/cart/${a.id}`);
    expect(removed.json().data.count).toBe(1);
    const again = await asUser(t, buyer, 'DELETE', `/api/cart/${a.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('Cart.NotInCart');
  });

  it('refuses what cannot be bought, with the reason', async () => {
    const seller = await newSeller(t);
    const buyer = await fundedBuyer(t, 0);
    const add = async (who: SignedIn, listingId: bigint) => {
      const res = await asUser(t, who, 'POST', '/api/cart', { listingId: listingId.toString() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('Commodity.PurchaseFailed');
      return res.json().data.reason;
    };
    expect(await add(seller, (await listFor(t, seller.user.id)).id)).toBe('own_listing');
    expect(await add(buyer, (await listFor(t, seller.user.id, { status: 'sold' })).id)).toBe('sold');
    expect(await add(buyer, (await listFor(t, seller.user.id, { status: 'selling' })).id)).toBe('selling');
    expect(await add(buyer, (await listFor(t, seller.user.id, { status: 'off_shelf' })).id)).toBe('unavailable');
    expect(
      await add(buyer, (await listFor(t, seller.user.id, { mode: 'offer', priceCents: null, floorCents: 500 })).id),
    ).toBe('no_price');
    expect((await cartOf(t, buyer)).count).toBe(0);
  });

  it(`holds ${BUYING_RULES.cartMax} lines at most`, async () => {
    const seller = await newSeller(t);
    const buyer = await fundedBuyer(t, 0);
    const listings = await listManyFor(t, seller.user.id, BUYING_RULES.cartMax + 1);
    for (const l of listings.slice(0, BUYING_RULES.cartMax)) {
      await upsertCartItem(t.app.platform.db, {
        userId: buyer.user.id,
        listingId: l.id,
        priceCents: 10_000,
        now: t.clock.now(),
      });
    }
    const last = listings[BUYING_RULES.cartMax] as (typeof listings)[number];
    const res = await asUser(t, buyer, 'POST', '/api/cart', { listingId: last.id.toString() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'Cart.LimitReached', data: { max: BUYING_RULES.cartMax } });
    // A line already there can still be confirmed.
    const first = listings[0] as (typeof listings)[number];
    await addToCart(t, buyer, first.id);
  });

  it('flags a changed price until the buyer confirms it; an unavailable line is left out of the sums', async () => {
    const seller = await newSeller(t);
    const [a, b] = await listManyFor(t, seller.user.id, 2, { priceCents: 10_000 });
    if (!a || !b) throw new Error('no listings');
    const buyer = await fundedBuyer(t, 0);
    await addToCart(t, buyer, a.id);
    await addToCart(t, buyer, b.id);
    await reprice(t, seller, a.id, 12_000);
    const other = await fundedBuyer(t, 100_000);
    expect((await buyNow(t, other, b.id)).json().data.paid).toBe(true);

    const cart = await cartOf(t, buyer);
    const byId = new Map((cart.items as { listingId: string }[]).map((i) => [i.listingId, i]));
    expect(byId.get(a.id.toString())).toMatchObject({
      available: true,
      priceCents: 12_000,
      addedPriceCents: 10_000,
      priceChanged: true,
      totalCents: total(12_000),
    });
    expect(byId.get(b.id.toString())).toMatchObject({
      available: false,
      unavailableReason: 'selling',
      status: 'selling',
    });
    expect(cart).toMatchObject({ count: 2, subtotalCents: 12_000, totalCents: total(12_000) });

    await addToCart(t, buyer, a.id);
    const confirmed = await cartOf(t, buyer);
    expect(confirmed.items.find((i: { listingId: string }) => i.listingId === a.id.toString())).toMatchObject({
      priceChanged: false,
      addedPriceCents: 12_000,
    });
  });
});

describe.each(enginesFor('app'))('checkout (%s)', (engine) => {
  const t = suiteContext(() => buildBuyingTestApp(engine), 120_000);

  it('buys what it can, each line all or nothing, and reports the rest; the books balance', async () => {
    const seller = await newSeller(t);
    const [ok1, ok2, sold, repriced, short] = await listManyFor(t, seller.user.id, 5, { priceCents: 10_000 });
    if (!ok1 || !ok2 || !sold || !repriced || !short) throw new Error('no listings');
    // Enough for three lines at 10,000: the two good ones and one more, not the fifth (the fourth fails first).
    const balance = 2 * total(10_000) + total(10_000) - 1;
    const buyer = await fundedBuyer(t, balance);
    for (const l of [ok1, ok2, sold, repriced, short]) await addToCart(t, buyer, l.id);
    // Meanwhile: another buyer takes one, the seller raises another's price.
    expect((await buyNow(t, await fundedBuyer(t, 100_000), sold.id)).json().data.paid).toBe(true);
    await reprice(t, seller, repriced.id, 11_000);
    const escrowBefore = await escrowCents(t);
    const cheap = await listFor(t, seller.user.id, { priceCents: 900 });
    await addToCart(t, buyer, cheap.id);

    const lines = [ok1, sold, repriced, ok2, short, cheap].map((l) => ({
      listingId: l.id,
      priceCents: l.priceCents as number,
    }));
    const res = await checkout(t, buyer, lines);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.orders.map((o: { listingId: string }) => o.listingId)).toEqual([
      ok1.id.toString(),
      ok2.id.toString(),
      cheap.id.toString(),
    ]);
    for (const o of data.orders) expect(o).toMatchObject({ status: 'paid_awaiting_delivery', paid: true });
    const paid = 2 * total(10_000) + total(900);
    expect(data.paidCents).toBe(paid);
    expect(data.failed).toEqual([
      {
        listingId: sold.id.toString(),
        domain: sold.domain,
        code: 'Commodity.PurchaseFailed',
        message: 'Purchase Failed: another buyer has ordered this domain',
      },
      {
        listingId: repriced.id.toString(),
        domain: repriced.domain,
        code: 'Cart.PriceChanged',
        message: 'The price has changed. Confirm the new price to buy it',
        priceCents: 11_000,
      },
      {
        listingId: short.id.toString(),
        domain: short.domain,
        code: 'Funds.InsufficientBalance',
        message: 'Insufficient balance',
      },
    ]);

    expect(await availableOf(t, buyer.user.id)).toBe(balance - paid);
    expect(await escrowCents(t)).toBe(escrowBefore + paid);
    // No order for the lines that failed: the short one is still on sale, nothing awaits payment.
    expect((await findListingRow(t.app.platform.db, short.id))?.status).toBe('on_sale');
    expect((await findListingRow(t.app.platform.db, repriced.id))?.status).toBe('on_sale');
    const orders = await asUser(t, buyer, 'GET', '/api/orders?pageSize=50');
    expect(orders.json().data.items.map((o: { status: string }) => o.status)).toEqual(
      Array(3).fill('paid_awaiting_delivery'),
    );
    // Bought lines left the cart; the others stay.
    const cart = await cartOf(t, buyer);
    expect(new Set(cart.items.map((i: { listingId: string }) => i.listingId))).toEqual(
      new Set([sold.id.toString(), repriced.id.toString(), short.id.toString()]),
    );
    await expectBooksBalanced(t);

    // The buyer confirms the new price, recharges and buys the rest.
    await addToCart(t, buyer, repriced.id);
    await credit(t, buyer.user.id, 100_000);
    const rest = await checkout(t, buyer, [
      { listingId: repriced.id, priceCents: 11_000 },
      { listingId: short.id, priceCents: 10_000 },
    ]);
    expect(rest.json().data).toMatchObject({ failed: [], paidCents: total(11_000) + total(10_000) });
    await expectBooksBalanced(t);
  });

  it('words the failures in the reader’s language and refuses lines not in the cart', async () => {
    const seller = await newSeller(t);
    const sold = await listFor(t, seller.user.id, { status: 'sold' });
    const notInCart = await listFor(t, seller.user.id);
    const buyer = await fundedBuyer(t, 100_000);
    await upsertCartItem(t.app.platform.db, {
      userId: buyer.user.id,
      listingId: sold.id,
      priceCents: 10_000,
      now: t.clock.now(),
    });
    const res = await checkout(
      t,
      buyer,
      [
        { listingId: sold.id, priceCents: 10_000 },
        { listingId: notInCart.id, priceCents: 10_000 },
      ],
      'zh-CN',
    );
    expect(res.json().data).toMatchObject({
      orders: [],
      paidCents: 0,
      failed: [
        { code: 'Commodity.PurchaseFailed', message: '购买失败：该域名已售出' },
        { code: 'Cart.NotInCart', message: '该域名不在购物车中', domain: null },
      ],
    });
    expect(await availableOf(t, buyer.user.id)).toBe(100_000);
  });

  it('needs complete contact information; a request beyond the limit is a field error', async () => {
    const seller = await newSeller(t);
    const listing = await listFor(t, seller.user.id);
    const buyer = await signIn(t);
    const res = await checkout(t, buyer, [{ listingId: listing.id, priceCents: 10_000 }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Commodity.UserContactInfoIncomplete');

    const ready = await fundedBuyer(t, 0);
    const many = Array.from({ length: BUYING_RULES.checkoutMax + 1 }, (_, i) => ({
      listingId: BigInt(i + 1),
      priceCents: 100,
    }));
    const tooMany = await checkout(t, ready, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('Request.Invalid');
  });
});
