import { BUYING_RULES, type Order, sellerProceeds } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { balances, books, sweep } from '../auctions/auctions.closing.test-support.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { insertListing } from '../listings/market.test-support.ts';
import { lockOrder, type OrderRow, orderRates, refundOrder } from '../orders/orders.service.ts';
import { readyBuyer, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { openListingOrder } from './buying.core.ts';
import { sellerOrderSettled } from './sales.lifecycle.ts';

/**
 * The money and the life of a seller's sale (issue 17): the buyer's payment into escrow; the
 * delivery of a domain held here right after payment (the delivery sweeper), which credits the
 * seller's earnings with the price less the commission at the listing's locked rate, the commission
 * to the platform's fees and the tax to tax_payable; an order left unpaid for 72 hours is a buyer
 * violation and puts the listing back on sale; a refund expires the listing; the seller is told at
 * each step; new listings lock today's commission rate for 12 months from the clock.
 */

const DAY = 86_400;
const HOUR = 3_600;
const PRICE = 20_000;
const EN = { 'accept-language': 'en-US' };

let seq = 0;

describe.each(enginesFor('sql'))('the seller’s side of a sale (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, testSignInRoute);
  });
  afterAll(async () => {
    await t?.close();
  });

  const headersOf = async (userId: bigint) => ({ ...(await sessionHeaders(t, userId)), ...EN });
  const getOrder = async (userId: bigint, orderId: string): Promise<Order> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: await headersOf(userId) });
    expect(res.json().code).toBe('200');
    return res.json().data as Order;
  };
  const listingOf = async (sellerId: bigint, listingId: bigint) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/listings/${listingId}`,
      headers: await headersOf(sellerId),
    });
    expect(res.json().code).toBe('200');
    return res.json().data as { status: string };
  };
  const messages = async (userId: bigint, kind: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/messages?pageSize=100',
      headers: await headersOf(userId),
    });
    return (res.json().data.items as { kind: string; title: string; body: string }[]).filter((m) => m.kind === kind);
  };
  const platform = async () => {
    const p = (await books(t)).platform;
    return { escrow: p.escrow ?? 0, fees: p.fees ?? 0, tax: p.tax_payable ?? 0 };
  };
  const pay = async (buyer: SignedIn, orderId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/pay`,
      headers: await sessionHeaders(t, buyer.user.id),
    });
    expect(res.json().code, res.body).toBe('200');
  };

  /** A seller's fixed-price listing on sale (held here or elsewhere), with its fee lock. */
  async function onSale(opts: { held: boolean; commissionBps?: number; lockedFor?: number }) {
    seq += 1;
    const seller = await signIn(t);
    const domain = `life${seq}x${Date.now().toString(36)}.com`;
    const now = t.clock.now();
    let domainId: bigint | null = null;
    if (opts.held) {
      const held = await t.app.platform.db.transaction((tx) =>
        deliverDomain(tx, {
          userId: seller.user.id,
          domain,
          registrar: 'NameBourse Registrar',
          registeredAt: null,
          expiresAt: new Date(now.getTime() + 300 * DAY * 1000),
          orderId: null,
          now,
        }),
      );
      domainId = held.id;
    }
    const listing = await insertListing(t.app.platform.db, seller.user.id, domain, now, {
      source: opts.held ? 'held' : 'external',
      domainId,
      priceCents: PRICE,
      commissionBps: opts.commissionBps ?? BUYING_RULES.commissionBps,
      feeLockedUntil: new Date(now.getTime() + (opts.lockedFor ?? 365 * DAY) * 1000),
    });
    return { seller, domain, listing };
  }

  async function buy(listingId: bigint, buyer: SignedIn): Promise<OrderRow> {
    const now = t.clock.now();
    const { order } = await t.app.platform.db.transaction((tx) =>
      openListingOrder(tx, {
        listingId,
        buyerId: buyer.user.id,
        actor: 'system',
        source: 'fixed',
        rates: orderRates(t.app),
        now,
      }),
    );
    return order;
  }

  it('a domain held here: paid into escrow, handed over by the next sweep, the net to the seller, commission and tax to the platform', async () => {
    // The listing's locked rate (3 %) applies, not today's 5 %.
    const { seller, listing } = await onSale({ held: true, commissionBps: 300 });
    const buyer = await readyBuyer(t, 100_000);
    const before = await platform();
    const order = await buy(listing.id, buyer);
    expect(order.commissionBps).toBe(300);
    expect(order.delivery).toBe('handover');
    await pay(buyer, order.id);
    const total = order.amountCents;
    expect(total).toBe(PRICE + order.taxCents);
    expect((await balances(t, buyer.user.id)).availableCents).toBe(100_000 - total);
    expect((await platform()).escrow).toBe(before.escrow + total);
    // Delivery at once after payment: the date is the payment's.
    const paid = await getOrder(buyer.user.id, order.id);
    expect(paid.status).toBe('paid_awaiting_delivery');
    const paidMsg = await messages(seller.user.id, 'sale_paid');
    expect(paidMsg).toHaveLength(1);
    expect(paidMsg[0]?.body).not.toContain('transfer code');

    await sweep(t);
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('completed');
    const { commissionCents, netCents } = sellerProceeds(PRICE, 300);
    expect(commissionCents).toBe(600);
    expect((await balances(t, seller.user.id)).earningsCents).toBe(netCents);
    const after = await platform();
    expect(after.escrow).toBe(before.escrow);
    expect(after.fees - before.fees).toBe(commissionCents);
    expect(after.tax - before.tax).toBe(order.taxCents);
    expect((await listingOf(seller.user.id, listing.id)).status).toBe('sold');
    const done = await messages(seller.user.id, 'sale_completed');
    expect(done).toHaveLength(1);
    expect(done[0]?.body).toContain('$194.00'); // the net of $200 at 3 %
    expect(done[0]?.body).toContain('$6.00');
    expect((await books(t)).balanced).toBe(true);
  });

  it('a fee lock that ran out pays today’s rate', async () => {
    const { seller, listing } = await onSale({ held: true, commissionBps: 300, lockedFor: 60 });
    t.clock.advance(120);
    const buyer = await readyBuyer(t, 100_000);
    const order = await buy(listing.id, buyer);
    expect(order.commissionBps).toBe(BUYING_RULES.commissionBps);
    await pay(buyer, order.id);
    await sweep(t);
    expect((await balances(t, seller.user.id)).earningsCents).toBe(
      sellerProceeds(PRICE, BUYING_RULES.commissionBps).netCents,
    );
  });

  it('an order left unpaid for 72 hours is a buyer violation; the listing goes back on sale and can be bought again', async () => {
    const { seller, listing } = await onSale({ held: true });
    const buyer = await readyBuyer(t, 0);
    const order = await buy(listing.id, buyer);
    expect((await listingOf(seller.user.id, listing.id)).status).toBe('selling');
    t.clock.advance(72 * HOUR + 1);
    await sweep(t);
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('buyer_violation');
    expect((await listingOf(seller.user.id, listing.id)).status).toBe('on_sale');
    const cancelled = await messages(seller.user.id, 'sale_cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.body).toContain('did not pay within 72 hours');
    // Nothing moved: the seller earned nothing, the books balance.
    expect((await balances(t, seller.user.id)).earningsCents).toBe(0);
    // Back in the market: another buyer gets it.
    const other = await readyBuyer(t, 100_000);
    const again = await buy(listing.id, other);
    expect(again.listingId).toBe(listing.id);
    expect((await books(t)).balanced).toBe(true);
  });

  it('a domain held elsewhere: the seller is told to push it by the deadline; a refund expires the listing', async () => {
    const { seller, listing } = await onSale({ held: false });
    const buyer = await readyBuyer(t, 100_000);
    const order = await buy(listing.id, buyer);
    expect(order.delivery).toBe('seller_push');
    const paidAt = t.clock.now();
    await pay(buyer, order.id);
    const paid = await t.app.platform.db.transaction(async (tx) => lockOrder(tx, order.id));
    expect(paid?.deliverAt?.getTime()).toBe(paidAt.getTime() + BUYING_RULES.externalDeliveryDays * DAY * 1000);
    const told = await messages(seller.user.id, 'sale_paid');
    expect(told[0]?.body).toContain('transfer code');
    // The delivery path refunds it (the seller could not deliver): the listing expires.
    await t.app.platform.db.transaction(async (tx) => {
      const locked = (await lockOrder(tx, order.id)) as OrderRow;
      await sellerOrderSettled(tx, locked, { completed: false, reason: 'refunded' }, t.clock.now());
      await refundOrder(tx, { order: locked, actor: 'system', now: t.clock.now(), reason: 'not delivered' });
    });
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('refunded');
    expect((await balances(t, buyer.user.id)).availableCents).toBe(100_000);
    expect((await balances(t, seller.user.id)).earningsCents).toBe(0);
    expect((await listingOf(seller.user.id, listing.id)).status).toBe('expired');
    const cancelled = await messages(seller.user.id, 'sale_cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.body).toContain('was refunded');
    expect((await books(t)).balanced).toBe(true);
  });
});
