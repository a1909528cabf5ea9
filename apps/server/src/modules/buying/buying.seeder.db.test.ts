import type { Cart, OffersPage, SellerSalesPage, SellerStatistics } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticateByTestHeader,
  buildTestApp,
  enginesFor,
  TEST_USER_HEADER,
  type TestContext,
} from '../../../test/helpers.ts';
import { DEMO_BUYER, demoAccountsSeeder } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { demoDomainsSeeder } from '../domains/domains.seeder.ts';
import { fundsDemoSeeder } from '../funds/funds.seeder.ts';
import { checkBooks } from '../ledger/ledger.service.ts';
import { demoListingsSeeder } from '../listings/listings.seeder.ts';
import { buyingDemoSeeder } from './buying.seeder.ts';

/**
 * Issue 17 "Demo data": after the demo seeders the demo account shows a year of sales (net =
 * price − commission, month by month), a sale waiting for its push, purchases, a cart and offers in
 * every state on both sides — and the books balance.
 */
describe.each(enginesFor('app'))('demo buying data (%s)', (engine) => {
  let t: TestContext;
  let demoId = 0n;

  beforeAll(async () => {
    t = await buildTestApp(engine, {}, async (app) => authenticateByTestHeader(app));
    const ctx = { app: t.app, db: t.app.platform.db, clock: t.clock, log: t.app.log };
    for (const seeder of [
      demoAccountsSeeder,
      demoDomainsSeeder,
      fundsDemoSeeder,
      demoListingsSeeder,
      buyingDemoSeeder,
    ]) {
      await seeder.run(ctx);
    }
    demoId = (await getUserByEmail(t.app, DEMO_BUYER.email))?.id as bigint;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: { [TEST_USER_HEADER]: demoId.toString() } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  it('shows a year of completed sales with the commission taken, month by month', async () => {
    const stats = await get<SellerStatistics>('/api/seller/statistics');
    expect(stats.byMonth.filter((m) => m.count > 0).length).toBeGreaterThanOrEqual(10);
    expect(stats.byMode.find((m) => m.mode === 'offer')?.count).toBeGreaterThan(0);
    expect(stats.byMode.find((m) => m.mode === 'fixed')?.count).toBeGreaterThan(0);
    const sales = await get<SellerSalesPage>('/api/seller/sales?pageSize=100');
    const completed = sales.items.filter((s) => s.status === 'completed');
    expect(completed.length).toBeGreaterThanOrEqual(15);
    for (const s of completed) expect(s.netCents, s.domain).toBe(s.priceCents - s.commissionCents);
    const waiting = sales.items.find((s) => s.delivery === 'seller_push' && s.status === 'paid_awaiting_delivery');
    expect(waiting?.canDeliver).toBe(true);
  });

  it('has offers in every state on both sides', async () => {
    const made = await get<OffersPage>('/api/offers?role=buyer&pageSize=50');
    for (const status of ['open', 'countered', 'accepted', 'rejected', 'expired']) {
      expect(made.counts[status] ?? 0, status).toBeGreaterThan(0);
    }
    const received = await get<OffersPage>('/api/offers?role=seller&pageSize=50');
    for (const status of ['open', 'countered', 'rejected', 'expired']) {
      expect(received.counts[status] ?? 0, status).toBeGreaterThan(0);
    }
  });

  it('leaves two listings in the cart and the books balanced', async () => {
    const cart = await get<Cart>('/api/cart');
    expect(cart.count).toBe(2);
    const books = await checkBooks(t.app.platform.db, t.clock.now(), async (id) => id);
    expect(books.balanced).toBe(true);
  });

  it('runs once', async () => {
    const before = await get<SellerSalesPage>('/api/seller/sales?pageSize=1');
    await buyingDemoSeeder.run({ app: t.app, db: t.app.platform.db, clock: t.clock, log: t.app.log });
    expect((await get<SellerSalesPage>('/api/seller/sales?pageSize=1')).total).toBe(before.total);
  });
});
