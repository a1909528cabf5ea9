import { AUCTION_RULES, ORDER_LIMITS, type Order, type WonAuction } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { registryView } from '../../adapters/rdap/registry-view.ts';
import { simulatedRecord } from '../../adapters/rdap/simulator.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { getOrderBySource } from '../orders/orders.service.ts';
import { newOrder, readyBuyer, sessionHeaders } from '../orders/orders.test-support.ts';
import { balances, bidDirect, books, insertTestLot, sweep } from './auctions.closing.test-support.ts';

/**
 * Delivery that is always right (issue 15): every paid order of a domain has a delivery date and at
 * that date is delivered (in My domains at once), refunded with a message and the goodwill credit
 * (redeemed, from RDAP), or visibly 'delivery failed, retrying' with the reason, then delivered
 * once the registry answers; two instances sweeping together deliver each order exactly once.
 */

const DAY = 86_400;
const EN = { 'accept-language': 'en-US' };
const START = 1_000_000;
const GOODWILL = 700;
/** The lots' expiry as the test lots know it (auctions.closing.test-support.ts). */
const KNOWN_EXPIRY = new Date('2026-03-01T00:00:00.000Z');

const buildDeliveryApp = (engine: 'pglite' | 'postgres') =>
  buildTestApp(engine, { goodwillCreditCents: GOODWILL }, testSignInRoute);

let nameSeq = 0;
/** A fresh domain the RDAP simulator shows in its redemption period at `now` (so it has a reclaim date). */
function domainInRedemption(now: Date): string {
  for (;;) {
    nameSeq += 1;
    const name = `deliver${nameSeq}x${Date.now().toString(36)}.com`;
    if (simulatedRecord(name, now, false).statuses.includes('redemption period')) return name;
  }
}

async function steer(app: App, domain: string, body: { redeemed?: boolean; fail?: boolean }) {
  const res = await app.inject({ method: 'POST', url: '/api/dev/registrar', payload: { domain, ...body } });
  expect(res.statusCode).toBe(200);
}

describe.each(enginesFor('sql'))('delivery of paid orders (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildDeliveryApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const fees = async () => (await books(t)).platform.fees ?? 0;
  const headersOf = async (userId: bigint) => ({ ...(await sessionHeaders(t, userId)), ...EN });
  const getOrder = async (userId: bigint, orderId: string): Promise<Order> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: await headersOf(userId) });
    expect(res.json().code).toBe('200');
    return res.json().data as Order;
  };
  const wonList = async (userId: bigint): Promise<WonAuction[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/console/auctions/won?pageSize=50',
      headers: await headersOf(userId),
    });
    return res.json().data.items as WonAuction[];
  };
  const myDomains = async (userId: bigint): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/domains?pageSize=100',
      headers: await headersOf(userId),
    });
    return (res.json().data.items as { name: string }[]).map((d) => d.name);
  };
  const messages = async (userId: bigint) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/messages?pageSize=50',
      headers: await headersOf(userId),
    });
    return res.json().data.items as { kind: string; body: string }[];
  };

  /** A lot won by a fresh buyer at close, swept (the order awaits payment), then paid through the API. */
  async function wonAndPaid(options: { redeemed?: boolean; fail?: boolean } = {}) {
    const buyer = await readyBuyer(t, START);
    const domain = domainInRedemption(t.clock.now());
    const lot = await insertTestLot(t, { domain, endsInSeconds: 60, startPriceCents: 5_000 });
    await bidDirect(t, lot.id, buyer.user.id, 10_000);
    await steer(t.app, domain, { redeemed: options.redeemed ?? false, fail: options.fail ?? false });
    t.clock.advance(61);
    await sweep(t);
    const order = await getOrderBySource(t.app.platform.db, 'auction', lot.id.toString());
    if (!order) throw new Error('no order');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: await sessionHeaders(t, buyer.user.id),
    });
    expect(paid.json().code).toBe('200');
    return { buyer, domain, order, closedAt: t.clock.now() };
  }

  it('not redeemed: the won lot and the order show the delivery date and until when the old holder can reclaim; then completed and in My domains', async () => {
    const { buyer, domain, order } = await wonAndPaid();
    const now = t.clock.now();
    const expected = registryView(simulatedRecord(domain, now, false), { now, knownExpiresAt: KNOWN_EXPIRY });
    expect(expected.reclaimableUntil).not.toBeNull();
    const shown = await getOrder(buyer.user.id, order.id);
    expect(shown).toMatchObject({
      status: 'paid_awaiting_delivery',
      deliverAt: order.deliverAt?.toISOString(),
      reclaimableUntil: expected.reclaimableUntil?.toISOString(),
      deliveryError: null,
    });
    const won = (await wonList(buyer.user.id)).find((w) => w.order.orderId === order.id);
    expect(won?.order).toMatchObject({
      deliverAt: order.deliverAt?.toISOString(),
      reclaimableUntil: expected.reclaimableUntil?.toISOString(),
    });

    t.clock.advance(ORDER_LIMITS.deliveryWaitDays * DAY);
    await sweep(t);
    expect(await getOrder(buyer.user.id, order.id)).toMatchObject({ status: 'completed', reclaimableUntil: null });
    expect(await myDomains(buyer.user.id)).toContain(domain);
    expect((await messages(buyer.user.id)).map((m) => m.kind)).toContain('order_delivered');
    expect(await balances(t, buyer.user.id)).toMatchObject({ availableCents: START - order.amountCents });
    expect((await books(t)).balanced).toBe(true);
  });

  it('redeemed (RDAP: reinstantiation): refunded at the delivery date with a message and the goodwill credit, once', async () => {
    const { buyer, domain, order } = await wonAndPaid({ redeemed: true });
    const feesBefore = await fees();
    t.clock.advance(ORDER_LIMITS.deliveryWaitDays * DAY);
    await sweep(t);
    await sweep(t);
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('refunded');
    expect(await balances(t, buyer.user.id)).toMatchObject({ availableCents: START + GOODWILL, frozenCents: 0 });
    expect(feesBefore - (await fees())).toBe(GOODWILL);
    expect(await myDomains(buyer.user.id)).not.toContain(domain);
    expect((await messages(buyer.user.id)).filter((m) => m.kind === 'order_refunded')).toHaveLength(1);
    expect((await books(t)).balanced).toBe(true);
  });

  it('the registry failing: delivery failed with the reason shown, retrying; delivered once it answers', async () => {
    const { buyer, domain, order } = await wonAndPaid({ fail: true });
    t.clock.advance(ORDER_LIMITS.deliveryWaitDays * DAY);
    await sweep(t);
    const failed = await getOrder(buyer.user.id, order.id);
    expect(failed).toMatchObject({
      status: 'delivery_failed',
      deliverAt: new Date(t.clock.now().getTime() + AUCTION_RULES.deliveryRetrySeconds * 1000).toISOString(),
      deliveryError: expect.stringContaining('registry unavailable'),
    });
    expect((await wonList(buyer.user.id)).find((w) => w.order.orderId === order.id)?.order.deliveryError).toBe(
      failed.deliveryError,
    );

    await steer(t.app, domain, { fail: false });
    t.clock.advance(AUCTION_RULES.deliveryRetrySeconds);
    await sweep(t);
    expect(await getOrder(buyer.user.id, order.id)).toMatchObject({ status: 'completed', deliveryError: null });
    expect(await myDomains(buyer.user.id)).toContain(domain);
    expect((await books(t)).balanced).toBe(true);
  });

  it('an order created without a delivery date nor a lot (as the demo seeder did) gets one at payment and is delivered at it', async () => {
    const buyer = await readyBuyer(t, START);
    const domain = domainInRedemption(t.clock.now());
    await steer(t.app, domain, { redeemed: false });
    const order = await newOrder(t, buyer.user.id, { domain });
    expect(order.deliverAt).toBeNull();
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: await sessionHeaders(t, buyer.user.id),
    });
    const paid = await getOrder(buyer.user.id, order.id);
    expect(paid.deliverAt).toBe(
      new Date(t.clock.now().getTime() + ORDER_LIMITS.deliveryWaitDays * DAY * 1000).toISOString(),
    );
    t.clock.advance(ORDER_LIMITS.deliveryWaitDays * DAY);
    await sweep(t);
    expect((await getOrder(buyer.user.id, order.id)).status).toBe('completed');
    expect(await myDomains(buyer.user.id)).toContain(domain);
  });
});

/**
 * Two server instances on one PostgreSQL database sweep the same due deliveries at the same time:
 * each order is delivered or refunded exactly once (balances, escrow, payables and fees prove it).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances delivering the same orders (postgres)', () => {
  let t: TestContext;
  let second: { app: App; database: Database; clock: ManualClock };
  beforeAll(async () => {
    t = await buildDeliveryApp('postgres');
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, poolSize: 5 });
    const clock = new ManualClock(t.clock.now());
    const app = await buildApp({ config: t.config, database, clock, logger: false });
    await app.ready();
    second = { app, database, clock };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('delivers each order once: My domains, refunds, goodwill and the books agree', async () => {
    const ORDERS = 24;
    const platform = async () => (await books(t)).platform;
    const items: { buyerId: bigint; orderId: string; domain: string; amountCents: number; redeemed: boolean }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const buyer = await readyBuyer(t, START);
      const domain = domainInRedemption(t.clock.now());
      const redeemed = i % 4 === 0;
      for (const app of [t.app, second.app]) await steer(app, domain, { redeemed, fail: false });
      const order = await newOrder(t, buyer.user.id, { domain });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/pay`,
        headers: await sessionHeaders(t, buyer.user.id),
      });
      expect(res.json().code).toBe('200');
      items.push({ buyerId: buyer.user.id, orderId: order.id, domain, amountCents: order.amountCents, redeemed });
    }
    const before = await platform();
    t.clock.advance(ORDER_LIMITS.deliveryWaitDays * DAY);
    second.clock.set(t.clock.now());
    let delivered = 0;
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all([t.app.platform.sweeper.runOnce(), second.app.platform.sweeper.runOnce()]);
      const now = results
        .flatMap((r) => r.advanced)
        .filter((a) => a.sweeper === 'auctions.delivery')
        .reduce((sum, a) => sum + a.count, 0);
      delivered += now;
      if (now === 0 && round > 0) break;
    }
    expect(delivered).toBe(ORDERS);

    const after = await platform();
    const sum = (pick: (i: (typeof items)[number]) => number) => items.reduce((s, i) => s + pick(i), 0);
    const kept = sum((i) => (i.redeemed ? 0 : i.amountCents));
    const refunded = sum((i) => (i.redeemed ? i.amountCents : 0));
    const goodwill = items.filter((i) => i.redeemed).length * GOODWILL;
    expect((after.partner_payables ?? 0) - (before.partner_payables ?? 0)).toBe(kept);
    expect((before.escrow ?? 0) - (after.escrow ?? 0)).toBe(kept + refunded);
    expect((before.fees ?? 0) - (after.fees ?? 0)).toBe(goodwill);
    for (const item of items) {
      const bal = await balances(t, item.buyerId);
      expect(bal.availableCents).toBe(item.redeemed ? START + GOODWILL : START - item.amountCents);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/domains?pageSize=100',
        headers: { ...(await sessionHeaders(t, item.buyerId)), ...EN },
      });
      const names = (res.json().data.items as { name: string }[]).map((d) => d.name);
      expect(names.filter((n) => n === item.domain)).toHaveLength(item.redeemed ? 0 : 1);
    }
    expect((await books(t)).balanced).toBe(true);
  });
});
