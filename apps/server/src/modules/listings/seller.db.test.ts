import { BUYING_RULES, sellerProceeds } from '@namebourse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { domains } from '../../db/schema/index.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { bidDirect, sweep } from '../auctions/auctions.closing.test-support.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { applySettlement } from '../funds/settlements.service.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { getOrderBySource } from '../orders/orders.service.ts';
import {
  completeContactInfo,
  readyBuyer,
  type SignedIn,
  sessionHeaders,
  signIn,
} from '../orders/orders.test-support.ts';
import { sellerRoutes } from './seller.routes.ts';

const DAY = 86_400;
const EN = { 'accept-language': 'en-US' };

/**
 * The seller centre's sales (issue 16, API.md GET /seller/sales and /seller/statistics): two
 * seller-auction sales driven through the engine in different months and TLDs, one listing left
 * unsold; the list's net is what reached the seller's earnings, the statistics bucket them by
 * month, TLD and mode, a settlement links as the payout, and another user sees none of it.
 */
describe.each(enginesFor('app'))('seller sales and statistics (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, async (app) => {
      await testSignInRoute(app);
      // Until listings.module.ts registers sellerRoutes (then this does nothing).
      await app.register(async (scope) => {
        if (!scope.hasRoute({ method: 'GET', url: '/api/seller/sales' })) {
          await scope.register(sellerRoutes, { prefix: '/api' });
        }
      });
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  let seq = 0;
  async function holdDomain(seller: SignedIn, tld: string): Promise<string> {
    seq += 1;
    const domain = `sale${seq}-${engine}-${Date.now().toString(36)}.${tld}`;
    const now = t.clock.now();
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId: seller.user.id,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: null,
        expiresAt: new Date(now.getTime() + 300 * DAY * 1000),
        orderId: `S${seq}${domain}`,
        now,
      }),
    );
    await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
    return domain;
  }
  const headersOf = async (who: SignedIn) => ({ ...(await sessionHeaders(t, who.user.id)), ...EN });
  const get = async (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: await headersOf(who) });

  async function list(seller: SignedIn, payload: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: await headersOf(seller),
      payload: { descriptionEn: 'A short brandable name', ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { listingId: string; status: string; auctionId: string };
  }

  /** An auction listing won at the reserve, paid and delivered (the engine's sweeps). */
  async function sell(seller: SignedIn, buyer: SignedIn, domain: string, reserveCents: number) {
    const created = await list(seller, {
      domain,
      mode: 'auction',
      startPriceCents: 1_000,
      reservePriceCents: reserveCents,
      durationDays: 3,
    });
    await bidDirect(t, BigInt(created.auctionId), buyer.user.id, reserveCents + 2_000);
    t.clock.advance(3 * DAY + 1);
    await sweep(t);
    const order = await getOrderBySource(t.app.platform.db, 'auction', created.auctionId);
    expect(order?.sellerId).toBe(seller.user.id);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order?.id}/pay`,
      headers: await headersOf(buyer),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await sweep(t);
    return { listingId: created.listingId, order: order as NonNullable<typeof order> };
  }

  it('lists the sold domains with the net credited, buckets them and keeps them to the seller', async () => {
    const seller = await signIn(t);
    await completeContactInfo(t, seller.headers);
    const buyer = await readyBuyer(t, 1_000_000);

    // Nothing sold yet: an empty list and zero statistics, 12 empty months.
    const empty = (await get(seller, '/api/seller/sales')).json().data;
    expect(empty).toMatchObject({ items: [], total: 0, totals: { count: 0, grossCents: 0, netCents: 0 } });
    const emptyStats = (await get(seller, '/api/seller/statistics')).json().data;
    expect(emptyStats.byMonth).toHaveLength(12);
    expect(emptyStats.totals).toEqual({ count: 0, grossCents: 0, netCents: 0 });

    const first = await sell(seller, buyer, await holdDomain(seller, 'com'), 6_000);
    const firstMonth = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 7);
    t.clock.advance(35 * DAY);
    const second = await sell(seller, buyer, await holdDomain(seller, 'net'), 4_000);
    const secondMonth = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 7);
    expect(secondMonth).not.toBe(firstMonth);
    // One listing not sold: a fixed price on sale.
    const unsold = await holdDomain(seller, 'org');
    expect((await list(seller, { domain: unsold, mode: 'fixed', priceCents: 9_900 })).status).toBe('on_sale');

    const { earningsCents } = await getBalances(t.app.platform.db, seller.user.id);
    // The seller's earnings are the price less the commission (5 %); the tax is the platform's.
    const firstNet = sellerProceeds(6_000, BUYING_RULES.commissionBps).netCents;
    const secondNet = sellerProceeds(4_000, BUYING_RULES.commissionBps).netCents;
    expect(earningsCents).toBe(firstNet + secondNet);
    const res = await get(seller, '/api/seller/sales');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(2);
    // Newest first; net is what reached the earnings, and sums to the earnings credited.
    expect(page.items.map((s: { orderId: string }) => s.orderId)).toEqual([second.order.id, first.order.id]);
    expect(page.items[1]).toMatchObject({
      orderId: first.order.id,
      listingId: first.listingId,
      mode: 'auction',
      source: 'auction',
      tld: 'com',
      status: 'completed',
      priceCents: 6_000,
      amountCents: first.order.amountCents,
      netCents: firstNet,
      // What the buyer paid that the seller did not get: the commission and the tax.
      feeCents: first.order.amountCents - firstNet,
      buyer: expect.stringMatching(/^.{2}\*{4}.{2}$/),
      paidAt: expect.any(String),
      deliveredAt: expect.any(String),
      creditedAt: expect.any(String),
      payout: null,
    });
    expect(page.items[0]).toMatchObject({ tld: 'net', priceCents: 4_000, netCents: secondNet });
    expect(page.totals).toEqual({
      count: 2,
      grossCents: 10_000,
      netCents: firstNet + secondNet,
    });
    expect(page.totals.netCents).toBe(earningsCents);

    // Filters: part of the domain, the days of the sale (UTC+8).
    const byQ = (await get(seller, `/api/seller/sales?q=${encodeURIComponent(second.order.domain.slice(0, 6))}`)).json()
      .data;
    expect(byQ.items.map((s: { orderId: string }) => s.orderId)).toEqual([second.order.id]);
    const day = new Date(first.order.createdAt.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const byDay = (await get(seller, `/api/seller/sales?from=${day}&to=${day}`)).json().data;
    expect(byDay.items.map((s: { orderId: string }) => s.orderId)).toEqual([first.order.id]);
    const bad = await get(seller, '/api/seller/sales?from=2026-03-01&to=2026-02-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');

    const stats = (await get(seller, '/api/seller/statistics')).json().data;
    expect(stats.totals).toEqual({ count: 2, grossCents: 10_000, netCents: earningsCents });
    expect(stats.byMonth).toHaveLength(12);
    expect(stats.byMonth.at(-1).month).toBe(secondMonth);
    const month = (m: string) => stats.byMonth.find((b: { month: string }) => b.month === m);
    expect(month(firstMonth)).toEqual({
      month: firstMonth,
      count: 1,
      grossCents: 6_000,
      netCents: firstNet,
    });
    expect(month(secondMonth)).toEqual({
      month: secondMonth,
      count: 1,
      grossCents: 4_000,
      netCents: secondNet,
    });
    expect(stats.byTld).toEqual([
      { tld: 'com', count: 1, grossCents: 6_000, netCents: firstNet },
      { tld: 'net', count: 1, grossCents: 4_000, netCents: secondNet },
    ]);
    expect(stats.byMode).toEqual([
      { mode: 'fixed', count: 0, grossCents: 0, netCents: 0 },
      { mode: 'auction', count: 2, grossCents: 10_000, netCents: earningsCents },
      { mode: 'offer', count: 0, grossCents: 0, netCents: 0 },
    ]);
    expect(stats.open).toEqual({ onSale: 1, inReview: 0, selling: 0 });
    expect(stats.inProgress).toEqual({ count: 0, grossCents: 0 });

    // A settlement of the first sale's earnings: that sale links to it (first in, first out), the second not.
    const settlement = await applySettlement(
      t.app,
      { id: seller.user.id, role: 'user' },
      { amountCents: firstNet, target: 'balance' },
      'en-US',
    );
    const after = (await get(seller, '/api/seller/sales')).json().data;
    expect(after.items[1].payout).toMatchObject({
      settlementId: settlement.settlementId,
      status: 'pending',
      paidAt: null,
    });
    expect(after.items[0].payout).toBeNull();

    // Another user sees none of it.
    const other = await signIn(t);
    expect((await get(other, '/api/seller/sales')).json().data).toMatchObject({ items: [], total: 0 });
    const otherStats = (await get(other, '/api/seller/statistics')).json().data;
    expect(otherStats.totals).toEqual({ count: 0, grossCents: 0, netCents: 0 });
    expect(otherStats.open).toEqual({ onSale: 0, inReview: 0, selling: 0 });
    // Signed out: refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/sales' })).statusCode).toBe(401);
  });
});
