import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { type ParsedUrl, parseSitemap } from '../../platform/sitemap.test-support.ts';
import { sitemapRoutes } from '../../platform/sitemap.ts';
import { insertLot } from '../auctions/auctions.test-support.ts';
import { SITEMAP_CLOSED_DAYS } from './catalog.service.ts';

const ORIGIN = 'https://namebourse.example';
const DAY = 86_400_000;

describe.each(enginesFor('app'))('lot pages in the sitemap (%s)', (engine) => {
  let t: TestContext;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(engine, { publicUrl: ORIGIN }, async (app) => {
      // The same routes with two URLs to a file, to see the lots split.
      await app.register(sitemapRoutes, { prefix: '/small', maxUrlsPerFile: 2 });
    });
    const now = t.clock.now().getTime();
    const ended = (daysAgo: number, winner: boolean) => {
      const closedAt = new Date(now - daysAgo * DAY);
      return {
        status: 'ended',
        startsAt: new Date(closedAt.getTime() - 3 * DAY),
        endsAt: closedAt,
        scheduledEndsAt: closedAt,
        closedAt,
        updatedAt: closedAt,
        ...(winner ? { winningPriceCents: 5_000 } : {}),
      };
    };
    const lots = {
      open1: {},
      open2: { updatedAt: new Date(now + 1_000) },
      sold: ended(2, true),
      open3: {},
      unsold: ended(SITEMAP_CLOSED_DAYS - 1, false),
      longAgo: ended(SITEMAP_CLOSED_DAYS + 1, true),
      cancelled: { status: 'cancelled', closedAt: new Date(now - DAY) },
      scheduled: { status: 'scheduled', startsAt: new Date(now + DAY) },
    };
    for (const [key, overrides] of Object.entries(lots)) {
      id[key] = (await insertLot(t, overrides)).id.toString();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const lotUrl = (key: string) => `${ORIGIN}/sale/${id[key]}`;
  const byId = (keys: string[]) => [...keys].sort((a, b) => Number(BigInt(id[a]!) - BigInt(id[b]!)));

  it('lists the lots file in the index, dated by its newest lot', async () => {
    const index = parseSitemap((await get('/sitemap.xml')).body);
    const lots = index.entries.filter((e) => e.loc.includes('sitemap-lots-'));
    expect(lots).toEqual([
      {
        loc: `${ORIGIN}/sitemap-lots-1.xml`,
        lastmod: new Date(t.clock.now().getTime() + 1_000).toISOString(),
        alternates: {},
      },
    ]);
  });

  it('holds lots open for bidding and lots closed recently, not older, cancelled or scheduled ones', async () => {
    const res = await get('/sitemap-lots-1.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const file = parseSitemap(res.body);
    expect(file.root).toBe('urlset');
    expect(file.entries.map((e) => e.loc)).toEqual(byId(['open1', 'open2', 'sold', 'open3', 'unsold']).map(lotUrl));
    for (const key of ['longAgo', 'cancelled', 'scheduled']) expect(res.body).not.toContain(`/sale/${id[key]}<`);
    const sold = file.entries.find((e) => e.loc === lotUrl('sold'));
    expect(sold).toEqual({
      loc: lotUrl('sold'),
      lastmod: new Date(t.clock.now().getTime() - 2 * DAY).toISOString(),
      alternates: {
        'zh-CN': `${lotUrl('sold')}?lng=zh-CN`,
        'en-US': `${lotUrl('sold')}?lng=en-US`,
        'x-default': lotUrl('sold'),
      },
    });
    expect((await get('/sitemap-lots-2.xml')).statusCode).toBe(404);
  });

  it('splits the lots into files of the limit, in id order, without gaps or repeats', async () => {
    const index = parseSitemap((await get('/small/sitemap.xml')).body);
    expect(index.entries.map((e) => e.loc).filter((l) => l.includes('lots'))).toEqual(
      [1, 2, 3].map((n) => `${ORIGIN}/small/sitemap-lots-${n}.xml`),
    );
    const files: ParsedUrl[][] = [];
    for (const n of [1, 2, 3]) files.push(parseSitemap((await get(`/small/sitemap-lots-${n}.xml`)).body).entries);
    expect(files.map((f) => f.length)).toEqual([2, 2, 1]);
    expect(files.flat().map((e) => e.loc)).toEqual(byId(['open1', 'open2', 'sold', 'open3', 'unsold']).map(lotUrl));
    // Each file's lastmod in the index is the newest lot in it.
    index.entries
      .filter((e) => e.loc.includes('lots'))
      .forEach((entry, i) => {
        const newest = files[i]!.map((e) => e.lastmod ?? '')
          .sort()
          .at(-1);
        expect(entry.lastmod).toBe(newest);
      });
    expect((await get('/small/sitemap-lots-4.xml')).statusCode).toBe(404);
  });

  it('drops a closed lot once it has been closed longer than the window', async () => {
    t.clock.advance((2 * DAY) / 1000);
    const file = (await get('/sitemap-lots-1.xml')).body;
    expect(file).toContain(`${lotUrl('sold')}<`);
    expect(file).not.toContain(`${lotUrl('unsold')}<`);
  });
});
