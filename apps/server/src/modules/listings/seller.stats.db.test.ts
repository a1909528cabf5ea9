import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { listings, offers, orders } from '../../db/schema/index.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { insertListing } from './market.test-support.ts';

const DAY_MS = 86_400_000;
const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };

/**
 * The seller centre's issue-17 additions: offers received and accepted and listing views in the
 * statistics, views counted on the public page (not a HEAD, not the seller), the open offers of each
 * listing, the seller's push fields of a sale, and the CSV/XLSX downloads of sales and statistics.
 * Orders and offers are written as rows (their flows are tested where they are made).
 */
describe.each(enginesFor('app'))('seller statistics, views and exports (%s)', (engine) => {
  let t: TestContext;
  let seller: SignedIn;
  let buyer: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, testSignInRoute);
    seller = await signIn(t);
    buyer = await signIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.platform.db;
  const get = async (who: SignedIn | null, url: string, extra: Record<string, string> = EN) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(who ? await sessionHeaders(t, who.user.id) : {}), ...extra },
    });
  let seq = 0;
  const domainOf = (tld = 'com') => {
    seq += 1;
    return `stat${seq}-${engine}.${tld}`;
  };

  async function offer(listing: { id: bigint; userId: bigint; domain: string }, status: string, createdAt: Date) {
    const other = await signIn(t);
    await db()
      .insert(offers)
      .values({
        listingId: listing.id,
        buyerId: other.user.id,
        sellerId: listing.userId,
        domain: listing.domain,
        status,
        amountCents: 5_000,
        lastBy: status === 'countered' ? 'seller' : 'buyer',
        expiresAt: new Date(createdAt.getTime() + 7 * DAY_MS),
        createdAt,
        updatedAt: createdAt,
      });
  }

  async function order(values: Partial<typeof orders.$inferInsert> & { domain: string }) {
    seq += 1;
    const now = t.clock.now();
    const [row] = await db()
      .insert(orders)
      .values({
        id: `T${engine}${seq}${Date.now().toString(36)}`.toUpperCase(),
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        source: 'fixed',
        status: 'completed',
        amountCents: 10_600,
        amountExTaxCents: 10_000,
        taxCents: 600,
        taxRateBps: 600,
        commissionBps: 500,
        delivery: 'handover',
        createdAt: now,
        updatedAt: now,
        ...values,
      })
      .returning();
    return row as typeof orders.$inferSelect;
  }

  it('counts offers received and accepted, views, and the open offers of each listing', async () => {
    const now = t.clock.now();
    const mine = await insertListing(db(), seller.user.id, domainOf(), now, { mode: 'offer', floorCents: 1_000 });
    const quiet = await insertListing(db(), seller.user.id, domainOf(), now);
    const sold = await insertListing(db(), seller.user.id, domainOf(), now, { status: 'sold', views: 40 });
    const theirs = await insertListing(db(), buyer.user.id, domainOf(), now, { mode: 'offer' });

    // Two awaiting the seller, one countered (awaiting the buyer), one accepted, one rejected; one
    // accepted 13 months ago (out of the statistics' window); one on another seller's listing.
    await offer(mine, 'open', now);
    await offer(mine, 'open', now);
    await offer(mine, 'countered', now);
    await offer(mine, 'accepted', now);
    await offer(quiet, 'rejected', now);
    await offer(mine, 'accepted', new Date(now.getTime() - 400 * DAY_MS));
    await offer(theirs, 'open', now);

    const page = (await get(seller, '/api/listings?pageSize=50')).json().data;
    const openOffers = Object.fromEntries(
      page.items.map((l: { listingId: string; openOffers: number }) => [l.listingId, l.openOffers]),
    );
    expect(openOffers).toEqual({ [mine.id.toString()]: 2, [quiet.id.toString()]: 0, [sold.id.toString()]: 0 });
    expect((await get(seller, `/api/listings/${mine.id}`)).json().data).toMatchObject({ openOffers: 2, views: 0 });

    // The public page: two visitors' GETs count; a HEAD and the seller's own view do not.
    const page1 = await get(null, `/api/market/${mine.domain}`);
    expect(page1.statusCode, page1.body).toBe(200);
    await get(buyer, `/api/market/${mine.domain}`);
    await get(null, `/api/market/${quiet.domain}`);
    expect((await t.app.inject({ method: 'HEAD', url: `/api/market/${mine.domain}` })).statusCode).toBe(200);
    await get(seller, `/api/market/${mine.domain}`);
    const viewsOf = async (id: bigint) =>
      (await db().select({ views: listings.views }).from(listings).where(eq(listings.id, id)))[0]?.views;
    // Counted after the answer: wait for the update.
    await vi.waitFor(async () => {
      expect(await viewsOf(mine.id)).toBe(2);
      expect(await viewsOf(quiet.id)).toBe(1);
    });
    // Settle any straggler, then check nothing more was counted.
    await new Promise((r) => setTimeout(r, 50));
    expect(await viewsOf(mine.id)).toBe(2);
    expect((await get(seller, `/api/listings/${mine.id}`)).json().data.views).toBe(2);

    const stats = (await get(seller, '/api/seller/statistics')).json().data;
    expect(stats.offers).toEqual({ received: 5, accepted: 1 });
    // All time, the sold listing's included; the top list only names listings open now, most views first.
    expect(stats.views).toEqual({
      total: 43,
      topListings: [
        { listingId: mine.id.toString(), domain: mine.domain, views: 2 },
        { listingId: quiet.id.toString(), domain: quiet.domain, views: 1 },
      ],
    });
    const other = (await get(buyer, '/api/seller/statistics')).json().data;
    expect(other.offers).toEqual({ received: 1, accepted: 0 });
    expect(other.views.total).toBe(0);
  });

  it('gives the seller of a domain held elsewhere the deadline and whether they can deliver now', async () => {
    const now = t.clock.now();
    const later = new Date(now.getTime() + 5 * DAY_MS);
    const push = await order({
      domain: domainOf(),
      status: 'paid_awaiting_delivery',
      delivery: 'seller_push',
      paidAt: now,
      deliverAt: later,
      completedAt: null,
    });
    const late = await order({
      domain: domainOf(),
      status: 'delivery_failed',
      delivery: 'seller_push',
      paidAt: new Date(now.getTime() - 8 * DAY_MS),
      deliverAt: new Date(now.getTime() - DAY_MS),
      deliveryError: 'Transfer code refused',
      completedAt: null,
    });
    const unpaid = await order({
      domain: domainOf(),
      status: 'awaiting_payment',
      delivery: 'seller_push',
      deliverAt: later,
      completedAt: null,
    });
    const handover = await order({
      domain: domainOf(),
      status: 'paid_awaiting_delivery',
      paidAt: now,
      deliverAt: later,
    });
    const items = (await get(seller, '/api/seller/sales?pageSize=50')).json().data.items as {
      orderId: string;
      deliverBy: string | null;
      canDeliver: boolean;
    }[];
    const byId = (id: string) => items.find((s) => s.orderId === id);
    expect(byId(push.id)).toMatchObject({ delivery: 'seller_push', deliverBy: later.toISOString(), canDeliver: true });
    expect(byId(late.id)).toMatchObject({ canDeliver: false, deliveryError: 'Transfer code refused' });
    expect(byId(late.id)?.deliverBy).not.toBeNull();
    expect(byId(unpaid.id)).toMatchObject({ deliverBy: null, canDeliver: false });
    expect(byId(handover.id)).toMatchObject({ delivery: 'handover', deliverBy: null, canDeliver: false });
    await db()
      .delete(orders)
      .where(and(eq(orders.sellerId, seller.user.id)));
  });

  it('downloads the sales and the statistics as CSV and XLSX in the reader’s language', async () => {
    const exporter = await signIn(t);
    const now = t.clock.now();
    const month = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 7);
    const mk = (domain: string, cents: number, status = 'completed') =>
      order({
        domain,
        sellerId: exporter.user.id,
        amountExTaxCents: cents,
        amountCents: Math.round(cents * 1.06),
        taxCents: Math.round(cents * 0.06),
        status,
        completedAt: status === 'completed' ? now : null,
      });
    const a = await mk(`alpha-${engine}.com`, 10_000);
    await mk(`beta-${engine}.com`, 30_000);
    await mk(`gamma-${engine}.net`, 5_000, 'paid_awaiting_delivery');

    // CSV, English: every sale of the filter, not only the first page.
    const csv = await get(exporter, '/api/seller/sales?format=csv&pageSize=1', {
      ...EN,
      'accept-timezone-offset': '480',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="sales-\d{8}\.csv"/);
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 5)).toEqual(['Sold at (UTC+08:00)', 'Domain', 'Mode', 'Buyer', 'Price before tax (USD)']);
    expect(lines).toHaveLength(4);
    const alpha = lines.find((l) => l.includes(a.domain))?.split(',') ?? [];
    const col = (name: string) => alpha[header.indexOf(name)];
    expect(col('Price before tax (USD)')).toBe('100.00');
    expect(col('Commission rate (%)')).toBe('5');
    expect(col('Commission (USD)')).toBe('5.00');
    expect(col('Expected net (USD)')).toBe('95.00');
    expect(col('Status')).toBe('Completed');
    expect(col('Order ID')).toBe(a.id);
    // The filter applies to the file.
    const filtered = await get(exporter, `/api/seller/sales?format=csv&q=gamma`);
    expect(filtered.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(2);

    // XLSX, Chinese.
    const xlsx = await get(exporter, '/api/seller/sales?format=xlsx', ZH);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('已售域名')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('已售域名');
    expect(sheet?.getRow(1).getCell(2).value).toBe('域名');
    expect(sheet?.rowCount).toBe(4);

    // Statistics: by month, TLD and mode, with the average price.
    const stats = await get(exporter, '/api/seller/statistics?format=csv');
    expect(stats.statusCode).toBe(200);
    expect(stats.headers['content-disposition']).toMatch(/filename="sales-statistics-\d{8}\.csv"/);
    const rows = stats.rawPayload
      .toString('utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(rows[0]).toEqual([
      'Breakdown',
      'Group',
      'Sales',
      'Revenue before tax (USD)',
      'Average price (USD)',
      'Credited (USD)',
    ]);
    expect(rows.filter((r) => r[0] === 'Month (UTC+8)')).toHaveLength(12);
    expect(rows).toContainEqual(['Month (UTC+8)', month, '2', '400.00', '200.00', '0.00']);
    expect(rows).toContainEqual(['TLD', '.com', '2', '400.00', '200.00', '0.00']);
    expect(rows).toContainEqual(['Mode', 'Fixed price', '2', '400.00', '200.00', '0.00']);
    const statsXlsx = await get(exporter, '/api/seller/statistics?format=xlsx', ZH);
    const statsBook = new ExcelJS.Workbook();
    await statsBook.xlsx.load(statsXlsx.rawPayload as unknown as ArrayBuffer);
    expect(statsBook.worksheets[0]?.name).toBe('销售统计');
    expect(statsBook.worksheets[0]?.getRow(1).getCell(5).value).toBe('平均成交价 (USD)');

    // The JSON answer is unchanged without a format; a bad format is a field error; signed out: 401.
    expect((await get(exporter, '/api/seller/statistics')).json().data.byMonth.at(-1)).toEqual({
      month,
      count: 2,
      grossCents: 40_000,
      netCents: 0,
    });
    const bad = await get(exporter, '/api/seller/sales?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/sales?format=csv' })).statusCode).toBe(401);
  });
});
