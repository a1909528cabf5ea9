import { GENESIS_HASH, incrementFor } from '@namebourse/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { auctions, platformMeta } from '../../db/schema/index.ts';
import { FIRST_START_KEY, runFirstStart } from '../../platform/first-start.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { checkBooks, getBalances } from '../ledger/ledger.service.ts';
import { DEMO_LOTS_OPEN, DEMO_LOTS_SOLD, demoAuctionsSeeder } from './auctions.seeder.ts';

describe.each(enginesFor('app'))('demo lots (%s)', (engine) => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('seeds ≥ 10,000 open lots, sold ones for top deals and a funded demo buyer; search answers over them', async () => {
    t = await buildTestApp(engine, { admin: undefined, seedDemo: true });
    const { app } = t;
    const started = performance.now();
    await runFirstStart(app);
    const seconds = (performance.now() - started) / 1000;
    console.log(`[${engine}] first start with every demo seeder: ${seconds.toFixed(1)} s`);

    const [mark] = await app.platform.db.select().from(platformMeta).where(eq(platformMeta.key, FIRST_START_KEY));
    if (!mark) throw new Error('first start left no mark');
    expect((mark.value as { seeders: { name: string; ok: boolean }[] }).seeders).toContainEqual(
      expect.objectContaining({ name: 'demo-auctions', ok: true }),
    );
    const counts = await app.platform.db
      .select({ status: auctions.status, n: sql<number>`count(*)::int` })
      .from(auctions)
      .groupBy(auctions.status);
    const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
    expect(byStatus.bidding).toBe(DEMO_LOTS_OPEN);
    expect(byStatus.ended).toBe(DEMO_LOTS_SOLD);
    expect(byStatus.scheduled).toBeGreaterThan(0);

    const timed = async (url: string) => {
      const at = performance.now();
      const res = await app.inject({ method: 'GET', url });
      console.log(`[${engine}] GET ${url}: ${(performance.now() - at).toFixed(0)} ms`);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const all = await timed('/api/auctions?pageSize=100');
    expect(all.total).toBe(DEMO_LOTS_OPEN);
    expect(all.items).toHaveLength(100);
    // Some end within the hour, the rest are spread over the coming days.
    const now = app.platform.clock.now().getTime();
    expect(Date.parse(all.items[0].endsAt) - now).toBeLessThan(3_600_000);
    const last = await timed('/api/auctions?sort=ending&pageSize=1&page=10000');
    expect(Date.parse(last.items[0].endsAt) - now).toBeGreaterThan(5 * 86_400_000);

    const filtered = await timed(
      '/api/auctions?keyword=hao&suffix=com,cn&maxPrice=100&excludeHyphens=true&sort=price_desc&pageSize=50',
    );
    expect(filtered.total).toBeGreaterThan(0);
    for (const lot of filtered.items) {
      expect(lot.domain).toContain('hao');
      expect(['com', 'cn']).toContain(lot.tld);
      expect(lot.currentPriceCents).toBeLessThanOrEqual(10_000);
    }
    const numeric = await timed('/api/auctions?includeAsStart=8&minBaiduWeight=1&type=expired');
    expect(numeric.total).toBeGreaterThan(0);

    const deals = await timed('/api/auctions/top-deals');
    expect(deals).toHaveLength(8);
    expect(deals[0].winningPriceCents).toBeGreaterThanOrEqual(deals[7].winningPriceCents);
    // A sold lot's page tells one story: its records climb by the rules' increments to the winning
    // price, as many as the lot's bid count, from its bidders, on a chain ending at its head.
    for (const deal of deals.slice(0, 3)) {
      const sold = (await timed(`/api/auctions/${deal.auctionId}/bids?pageSize=100`)) as {
        total: number;
        chainHead: string;
        items: { amountCents: number; bidderNo: number; hash: string; prevHash: string; seq: number }[];
      };
      expect(sold.total).toBe(deal.bidCount);
      expect(new Set(sold.items.map((r) => r.bidderNo)).size).toBe(deal.bidderCount);
      expect(sold.items[0]?.amountCents).toBe(deal.winningPriceCents);
      expect(sold.items[0]?.hash).toBe(sold.chainHead);
      const oldestFirst = [...sold.items].reverse();
      for (const [i, r] of oldestFirst.entries()) {
        const before = oldestFirst[i - 1];
        expect(r.prevHash).toBe(before ? before.hash : GENESIS_HASH);
        if (before) expect(r.amountCents).toBeGreaterThanOrEqual(before.amountCents + incrementFor(before.amountCents));
      }
    }
    const hot = await timed('/api/auctions/hot');
    expect(hot.length).toBe(8);
    // The demo history: hot lots have several bidders, and their bid records form a valid chain.
    expect(hot[0].bidderCount).toBeGreaterThanOrEqual(2);
    const records = await timed(`/api/auctions/${hot[0].auctionId}/bids?pageSize=100`);
    expect(records.total).toBe(hot[0].bidCount);
    expect(records.items[0].hash).toBe(records.chainHead);
    const endingSoon = await timed('/api/auctions?sort=ending&pageSize=50');
    expect(endingSoon.items.filter((l: { bidCount: number }) => l.bidCount > 0).length).toBeGreaterThan(10);

    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) throw new Error('no demo buyer');
    expect((await getBalances(app.platform.db, buyer.id)).availableCents).toBeGreaterThanOrEqual(500_000);
    expect((await checkBooks(app.platform.db, app.platform.clock.now(), async (id) => id)).balanced).toBe(true);

    // A second run changes nothing.
    await demoAuctionsSeeder.run({ app, db: app.platform.db, clock: app.platform.clock, log: app.log });
    const [total] = await app.platform.db.select({ n: sql<number>`count(*)::int` }).from(auctions);
    expect(Number(total?.n)).toBe(DEMO_LOTS_OPEN + DEMO_LOTS_SOLD + (byStatus.scheduled ?? 0));
  }, 180_000);
});
