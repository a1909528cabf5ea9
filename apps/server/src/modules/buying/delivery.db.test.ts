import { BUYING_RULES, type Order, sellerProceeds } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { balances, books, sweep } from '../auctions/auctions.closing.test-support.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { insertListing } from '../listings/market.test-support.ts';
import { orderRates } from '../orders/orders.service.ts';
import { readyBuyer, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { openListingOrder } from './buying.core.ts';

/**
 * Delivery of sellers' sales (issue 17): a domain held here reaches the buyer's My domains as soon
 * as the order is paid; a domain held elsewhere waits for the seller's transfer code (POST
 * /api/seller/sales/:orderId/deliver), is transferred into the buyer's account by the registrar,
 * and is refunded automatically when the seller does not deliver by the deadline.
 */

const DAY = 86_400;
const PRICE = 20_000;
const EN = { 'accept-language': 'en-US' };

let seq = 0;

describe.each(enginesFor('sql'))('delivery of sellers’ sales (%s)', (engine) => {
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
  const myDomains = async (userId: bigint): Promise<{ name: string; orderId: string | null }[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/domains?pageSize=100',
      headers: await headersOf(userId),
    });
    return res.json().data.items as { name: string; orderId: string | null }[];
  };
  const listingStatus = async (sellerId: bigint, listingId: bigint): Promise<string> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/listings/${listingId}`,
      headers: await headersOf(sellerId),
    });
    expect(res.json().code).toBe('200');
    return res.json().data.status as string;
  };
  const messages = async (userId: bigint) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/messages?pageSize=50',
      headers: await headersOf(userId),
    });
    return res.json().data.items as { kind: string; body: string }[];
  };
  const deliver = async (userId: bigint, orderId: string, authCode: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/seller/sales/${orderId}/deliver`,
      headers: await headersOf(userId),
      payload: { authCode },
    });
  /** Moves the clock and runs every sweeper (the registrar's answers are ready in clock time). */
  const sweepAfter = async (seconds: number) => {
    t.clock.advance(seconds);
    await sweep(t);
  };

  /**
   * A seller's fixed-price listing on sale (held here: the seller holds the domain in My domains;
   * external: held elsewhere), bought by a fresh buyer through openListingOrder and paid through the API.
   */
  async function soldAndPaid(held: boolean) {
    seq += 1;
    const seller = await signIn(t);
    const buyer = await readyBuyer(t, 1_000_000);
    const domain = `sale${seq}x${Date.now().toString(36)}.com`;
    const now = t.clock.now();
    if (held) {
      await t.app.platform.db.transaction((tx) =>
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
    }
    const listing = await insertListing(t.app.platform.db, seller.user.id, domain, now, {
      source: held ? 'held' : 'external',
      priceCents: PRICE,
    });
    const { order } = await t.app.platform.db.transaction((tx) =>
      openListingOrder(tx, {
        listingId: listing.id,
        buyerId: buyer.user.id,
        actor: 'system',
        source: 'fixed',
        rates: orderRates(t.app),
        now,
      }),
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: await sessionHeaders(t, buyer.user.id),
    });
    expect(paid.json().code).toBe('200');
    return { seller, buyer, domain, listing, order, paidAt: now };
  }

  /** The order completed and the seller's earnings hold the price minus the commission (tax is not theirs). */
  async function expectNetCredited(seller: SignedIn, buyer: SignedIn, orderId: string) {
    expect((await getOrder(buyer.user.id, orderId)).status).toBe('completed');
    const { netCents } = sellerProceeds(PRICE, BUYING_RULES.commissionBps);
    expect((await balances(t, seller.user.id)).earningsCents).toBe(netCents);
  }

  it('hands a domain held here to the buyer right after payment; the seller’s net is credited', async () => {
    const { seller, buyer, domain, order, listing } = await soldAndPaid(true);
    await sweep(t);
    await expectNetCredited(seller, buyer, order.id);
    expect(await myDomains(buyer.user.id)).toContainEqual(expect.objectContaining({ name: domain, orderId: order.id }));
    expect((await myDomains(seller.user.id)).map((d) => d.name)).not.toContain(domain);
    expect(await listingStatus(seller.user.id, listing.id)).toBe('sold');
    expect((await books(t)).balanced).toBe(true);
  });

  it('delivers a domain held elsewhere with the seller’s code: transferring, then completed in the buyer’s My domains', async () => {
    const { seller, buyer, domain, order } = await soldAndPaid(false);
    await sweep(t);
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('paid_awaiting_delivery');

    const res = await deliver(seller.user.id, order.id, 'Good-Code-123');
    expect(res.json()).toMatchObject({ code: '200', data: { orderId: order.id, status: 'transferring' } });
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('transferring');
    // A second code while the first transfer runs is refused.
    expect((await deliver(seller.user.id, order.id, 'Good-Code-123')).json().code).toBe('Delivery.NotAllowed');

    await sweepAfter(10 * 60);
    await expectNetCredited(seller, buyer, order.id);
    expect(await myDomains(buyer.user.id)).toContainEqual(expect.objectContaining({ name: domain, orderId: order.id }));
    expect((await books(t)).balanced).toBe(true);
  });

  it('a failing transfer makes the order delivery_failed with the registrar’s reason; a second code succeeds', async () => {
    const { seller, buyer, domain, order } = await soldAndPaid(false);
    expect((await deliver(seller.user.id, order.id, 'WRONGCODE')).json().code).toBe('200');
    await sweepAfter(10 * 60);
    const failed = await getOrder(buyer.user.id, order.id);
    expect(failed).toMatchObject({ status: 'delivery_failed', deliveryError: 'wrong_code' });
    expect((await myDomains(buyer.user.id)).map((d) => d.name)).not.toContain(domain);
    expect((await balances(t, seller.user.id)).earningsCents).toBe(0);

    expect((await deliver(seller.user.id, order.id, 'Good-Code-456')).json().data.status).toBe('transferring');
    await sweepAfter(10 * 60);
    await expectNetCredited(seller, buyer, order.id);
    expect((await myDomains(buyer.user.id)).map((d) => d.name)).toContain(domain);
  });

  it('refunds the buyer automatically when the seller does not deliver by the deadline; the listing expires', async () => {
    const { seller, buyer, order, listing } = await soldAndPaid(false);
    const before = (await balances(t, buyer.user.id)).availableCents;
    const paid = await getOrder(buyer.user.id, order.id);
    expect(paid.status).toBe('paid_awaiting_delivery');
    expect(new Date(paid.deliverAt as string).getTime()).toBe(
      t.clock.now().getTime() + BUYING_RULES.externalDeliveryDays * DAY * 1000,
    );
    await sweepAfter(BUYING_RULES.externalDeliveryDays * DAY - 60);
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('paid_awaiting_delivery');
    await sweepAfter(61);
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('refunded');
    expect((await balances(t, buyer.user.id)).availableCents).toBe(before + order.amountCents);
    expect((await balances(t, seller.user.id)).earningsCents).toBe(0);
    expect(await listingStatus(seller.user.id, listing.id)).toBe('expired');
    expect(await messages(seller.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'sale_cancelled', body: expect.stringContaining('not delivered in time') }),
    );
    // Too late for a code now.
    const late = await deliver(seller.user.id, order.id, 'Good-Code-123');
    expect(late.json().code).toBe('Delivery.NotAllowed');
    expect((await books(t)).balanced).toBe(true);
  });

  it('leaves a transfer under way at the deadline to its result: a failure then refunds, a success completes', async () => {
    const failing = await soldAndPaid(false);
    const passing = await soldAndPaid(false);
    await sweepAfter(BUYING_RULES.externalDeliveryDays * DAY - 30);
    expect((await deliver(failing.seller.user.id, failing.order.id, 'WRONGCODE')).json().code).toBe('200');
    expect((await deliver(passing.seller.user.id, passing.order.id, 'Good-Code-789')).json().code).toBe('200');
    await sweepAfter(31);
    // The deadline passed while both transfers run (a transfer in takes 5 minutes): the sweeper leaves them.
    for (const { buyer, order } of [failing, passing]) {
      expect((await getOrder(buyer.user.id, order.id)).status).toBe('transferring');
    }
    await sweepAfter(10 * 60);
    expect((await getOrder(failing.buyer.user.id, failing.order.id)).status).toBe('refunded');
    expect((await balances(t, failing.buyer.user.id)).availableCents).toBe(1_000_000);
    await expectNetCredited(passing.seller, passing.buyer, passing.order.id);
    expect((await myDomains(passing.buyer.user.id)).map((d) => d.name)).toContain(passing.domain);
    expect((await books(t)).balanced).toBe(true);
  });

  it('answers Order.NotFound for someone else’s order and Delivery.NotAllowed for a domain held here', async () => {
    const external = await soldAndPaid(false);
    const stranger = await signIn(t);
    const theirs = await deliver(stranger.user.id, external.order.id, 'Good-Code-123');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('Order.NotFound');
    // The buyer is not the seller either.
    expect((await deliver(external.buyer.user.id, external.order.id, 'Good-Code-123')).json().code).toBe(
      'Order.NotFound',
    );
    expect((await deliver(stranger.user.id, 'O000000000000', 'Good-Code-123')).json().code).toBe('Order.NotFound');

    const held = await soldAndPaid(true);
    const res = await deliver(held.seller.user.id, held.order.id, 'Good-Code-123');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'Delivery.NotAllowed', data: { reason: 'not_seller_push' } });
    expect((await deliver(held.seller.user.id, held.order.id, 'x')).json().code).toBe('Request.Invalid');
  });
});
