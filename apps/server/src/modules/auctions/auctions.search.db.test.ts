import type { AuctionSearchQuery } from '@namebourse/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { auctions } from '../../db/schema/index.ts';
import { addLots, lotInput } from '../catalog/catalog.test-support.ts';
import { buildMoneyTestApp, type SignedIn, signIn } from '../orders/orders.test-support.ts';
import {
  businessTime,
  ESTIMATE_TTL_MS,
  filterWhere,
  PREPARED_SHAPES,
  parseSuffixes,
  roundEstimate,
  searchLotRows,
  searchTotal,
} from './auctions.search.repository.ts';

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('search pieces', () => {
  it('reads business times in UTC+8 and suffix lists', () => {
    expect(businessTime('2026-01-07').toISOString()).toBe('2026-01-06T16:00:00.000Z');
    expect(businessTime('2026-01-07T10:00').toISOString()).toBe('2026-01-07T02:00:00.000Z');
    expect(businessTime('2026-01-07T10:00:00Z').toISOString()).toBe('2026-01-07T10:00:00.000Z');
    expect(parseSuffixes(' .COM, net ,com.cn,.com')).toEqual(['com', 'net', 'com.cn']);
  });
  it('rounds estimated totals to two significant figures', () => {
    expect([0, 7, 99, 100, 1_049, 12_011, 17_015, 352_260, 999_900].map(roundEstimate)).toEqual([
      0, 7, 99, 100, 1_000, 12_000, 17_000, 350_000, 1_000_000,
    ]);
  });
});

describe.each(enginesFor('sql'))('searching lots (%s)', (engine) => {
  let t: TestContext;
  let buyer: SignedIn;
  /** Ids by letter: A–E open for bidding; the rest not listed. */
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    buyer = await signIn(t);
    const now = t.clock.now().getTime();
    // Started an hour ago, or earlier when the lot ends within 3 days of now.
    const ending = (endsAt: number) => ({
      startsAt: new Date(Math.min(endsAt - 3 * DAY, now - HOUR)).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
    });
    const lots = {
      A: lotInput(t, {
        domain: 'haoche.com',
        startPriceCents: 1_000,
        ...ending(now + 3 * DAY - HOUR),
        registeredAt: '2010-03-01T00:00:00Z',
        expiresAt: '2026-03-01T12:00:00+08:00',
        metrics: { baiduWeight: 3, baiduIndex: 500, sogouIndex: 100, backlinks: 1_200 },
      }),
      B: lotInput(t, {
        domain: 'hao-che.net',
        type: 'expired',
        startPriceCents: 25_000,
        ...ending(now + 2 * DAY),
        metrics: { baiduWeight: 1, baiduIndex: 10, sogouIndex: 5, backlinks: 50 },
      }),
      C: lotInput(t, { domain: 'meishi.cn', startPriceCents: 6_000, isPremium: true, ...ending(now + 30 * MIN) }),
      D: lotInput(t, {
        domain: '12345.com',
        type: 'expired',
        startPriceCents: 500,
        ...ending(now + 5 * DAY),
        metrics: { baiduWeight: 5, baiduIndex: 9_000, backlinks: 99_999 },
      }),
      E: lotInput(t, {
        domain: 'abc.io',
        startPriceCents: 100,
        ...ending(now + 4 * DAY),
        registeredAt: '2025-12-31T17:00:00Z',
      }),
      Ended: lotInput(t, { domain: 'soldout.com', startPriceCents: 1_000 }),
      Old: lotInput(t, { domain: 'olddeal.com', startPriceCents: 1_000 }),
      Unsold: lotInput(t, { domain: 'nobody.com', startPriceCents: 1_000 }),
      Due: lotInput(t, { domain: 'haodue.com', startPriceCents: 1_000, ...ending(now + 10 * MIN) }),
      Later: lotInput(t, {
        domain: 'haolater.com',
        startsAt: new Date(now + DAY).toISOString(),
        endsAt: new Date(now + 4 * DAY).toISOString(),
      }),
    };
    const ids = await addLots(t, Object.values(lots));
    Object.keys(lots).forEach((key, i) => {
      id[key] = ids[i] as string;
    });
    const { db } = t.app.platform;
    const winner = await signIn(t);
    const set = (key: string, values: Partial<typeof auctions.$inferInsert>) =>
      db
        .update(auctions)
        .set(values)
        .where(eq(auctions.id, BigInt(id[key] as string)));
    // Bids and bidders as the engine would leave them (counts only: search reads nothing else).
    await set('A', { bidCount: 5, bidderCount: 3, currentPriceCents: 1_400 });
    await set('B', { bidCount: 2, bidderCount: 1 });
    // Closed lots: one sold yesterday, one sold 40 days ago, one without bids.
    const ended = (price: number | null, closedAgo: number) => ({
      status: 'ended',
      winnerId: price === null ? null : winner.user.id,
      winningPriceCents: price,
      currentPriceCents: price ?? 1_000,
      closedAt: new Date(now - closedAgo),
    });
    await set('Ended', ended(50_000, DAY));
    await set('Old', ended(90_000, 40 * DAY));
    await set('Unsold', ended(null, HOUR));
    // Past its end, not yet closed by the sweeper.
    await db
      .update(auctions)
      .set({ endsAt: new Date(now - MIN) })
      .where(inArray(auctions.id, [BigInt(id.Due as string)]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auctions?${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: { auctionId: string; isWatched: boolean }[]; total: number };
  };
  const letters = (page: { items: { auctionId: string }[] }) =>
    page.items.map((i) => Object.keys(id).find((k) => id[k] === i.auctionId));

  it('lists only lots open for bidding, ending soonest first, for visitors', async () => {
    const page = await search('');
    expect(letters(page)).toEqual(['C', 'B', 'A', 'E', 'D']);
    expect(page.total).toBe(5);
    const res = await t.app.inject({ method: 'GET', url: '/api/auctions' });
    expect(res.json().data.items[2]).toMatchObject({
      domain: 'haoche.com',
      tld: 'com',
      status: 'bidding',
      currentPriceCents: 1_400,
      minNextBidCents: 1_500,
      bidCount: 5,
      bidderCount: 3,
      isWatched: false,
      winningPriceCents: null,
      metrics: { baiduWeight: 3, backlinks: 1_200 },
      endsAt: new Date(t.clock.now().getTime() + 3 * DAY - HOUR).toISOString(),
      registeredAt: '2010-03-01T00:00:00.000Z',
      expiresAt: '2026-03-01T04:00:00.000Z',
    });
    // Times keep their milliseconds; a lot without a registration date shows null.
    await t.app.platform.db
      .update(auctions)
      .set({ expiresAt: new Date('2030-01-02T03:04:05.678Z') })
      .where(eq(auctions.id, BigInt(id.B as string)));
    expect((await t.app.inject({ method: 'GET', url: '/api/auctions' })).json().data.items[1]).toMatchObject({
      domain: 'hao-che.net',
      startsAt: new Date(t.clock.now().getTime() - DAY).toISOString(),
      registeredAt: null,
      expiresAt: '2030-01-02T03:04:05.678Z',
    });
  });

  it('applies every filter', async () => {
    expect(letters(await search('keyword=HAO'))).toEqual(['B', 'A']);
    expect(letters(await search('keyword=che.n'))).toEqual(['B']);
    expect((await search('keyword=%25')).total).toBe(0);
    expect((await search('keyword=_')).total).toBe(0);
    expect(letters(await search('type=expired'))).toEqual(['B', 'D']);
    expect(letters(await search('minPrice=10&maxPrice=60'))).toEqual(['C', 'A']);
    expect(letters(await search('maxPrice=5'))).toEqual(['E', 'D']);
    expect(letters(await search('minBaiduWeight=3'))).toEqual(['A', 'D']);
    expect(letters(await search('minBaiduIndex=500'))).toEqual(['A', 'D']);
    expect(letters(await search('minSougouIndex=100'))).toEqual(['A']);
    expect(letters(await search('minBackLinks=1000&maxBackLinks=2000'))).toEqual(['A']);
    expect(letters(await search('suffix=.com,%20NET'))).toEqual(['B', 'A', 'D']);
    expect(letters(await search('includeAsStart=hao'))).toEqual(['B', 'A']);
    expect(letters(await search('includeAsStart=hao&excludeHyphens=true'))).toEqual(['A']);
    expect(letters(await search('excludeHyphens=false&excludePremiumNames=true'))).toEqual(['B', 'A', 'E', 'D']);
    // Registered on or before a day (UTC+8): E registered 2026-01-01 01:00 in UTC+8.
    expect(letters(await search('regTimeEnd=2025-12-31'))).toEqual(['A']);
    expect(letters(await search('regTimeEnd=2026-01-01'))).toEqual(['A', 'E']);
    expect(letters(await search('expirationTimeEnd=2026-03-01'))).toEqual(['A']);
    expect(letters(await search('expirationTimeEnd=2026-02-28'))).toEqual([]);
    // One day of the end-date selector (the clock is 2026-01-05 08:00 in UTC+8).
    expect(letters(await search('saleEndTimeStart=2026-01-07&saleEndTimeEnd=2026-01-08'))).toEqual(['B']);
    expect(letters(await search('saleEndTimeStart=2026-01-08&saleEndTimeEnd=2026-01-09'))).toEqual(['A']);
    expect(letters(await search('saleEndTimeStart=2026-01-09'))).toEqual(['E', 'D']);
    expect(letters(await search('saleEndTimeEnd=2026-01-05T09:00:00%2B08:00'))).toEqual(['C']);
  });

  it('sorts by price, bids and newest with the id breaking ties, and pages', async () => {
    expect(letters(await search('sort=price_asc'))).toEqual(['E', 'D', 'A', 'C', 'B']);
    expect(letters(await search('sort=price_desc'))).toEqual(['B', 'C', 'A', 'D', 'E']);
    expect(letters(await search('sort=bids'))).toEqual(['A', 'B', 'E', 'D', 'C']);
    expect(letters(await search('sort=newest'))).toEqual(['E', 'D', 'C', 'B', 'A']);
    const second = await search('pageSize=2&page=2');
    expect(letters(second)).toEqual(['A', 'E']);
    expect(second).toMatchObject({ total: 5, totalIsEstimate: false, page: 2, pageSize: 2 });
    expect(await search('pageSize=2&page=3')).toMatchObject({ total: 5, totalIsEstimate: false });
    expect(await search('page=9')).toMatchObject({ items: [], total: 5, totalIsEstimate: false });
    expect(await search('keyword=nothing-like-it')).toMatchObject({ items: [], total: 0, totalIsEstimate: false });
  });

  it('counts the matches when that is cheap, otherwise gives the planner’s estimate', async () => {
    const { db } = t.app.platform;
    const where = filterWhere({}, t.clock.now());
    expect(await searchTotal(db, where, 3)).toMatchObject({ total: 5, totalIsEstimate: false });
    expect(await searchTotal(db, filterWhere({ keyword: 'hao' }, t.clock.now()), 2)).toMatchObject({
      total: 2,
      totalIsEstimate: false,
    });
    // Too costly to count (or more than the cap): the estimate, rounded, never below the lots seen.
    const estimated = await searchTotal(db, where, 3, { maxCost: 0 });
    expect(estimated.totalIsEstimate).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(3);
    expect(roundEstimate(estimated.total)).toBe(estimated.total);
    expect(await searchTotal(db, where, 3, { cap: 4 })).toMatchObject({ totalIsEstimate: true });
    expect(await searchTotal(db, where, 1_000_000, { maxCost: 0 })).toEqual({
      total: 1_000_000,
      totalIsEstimate: true,
      estimate: estimated.estimate,
    });
  });

  it('keeps a filter’s estimated total for a minute, whatever the page or sort', async () => {
    const { db } = t.app.platform;
    const query = (extra: Partial<AuctionSearchQuery> = {}): AuctionSearchQuery => ({
      keyword: 'o',
      sort: 'ending',
      page: 1,
      pageSize: 1,
      ...extra,
    });
    const first = await searchLotRows(db, query(), null, t.clock.now(), { maxCost: 0 });
    expect(first.totalIsEstimate).toBe(true);
    // Planned once: the next pages and sorts reuse it, even where counting would now be cheap.
    const again = await searchLotRows(db, query({ page: 2, sort: 'price_asc' }), null, t.clock.now());
    expect(again).toMatchObject({ total: Math.max(first.total, 3), totalIsEstimate: true });
    // Another filter is its own; a minute later the filter is priced again (and counted: cheap).
    expect(await searchLotRows(db, query({ keyword: 'oo' }), null, t.clock.now())).toMatchObject({
      totalIsEstimate: false,
    });
    const later = new Date(t.clock.now().getTime() + ESTIMATE_TTL_MS + 1);
    expect(await searchLotRows(db, query({ page: 2 }), null, later)).toMatchObject({ totalIsEstimate: false });
  });

  it('answers every filter combination alike, past the shapes it keeps prepared', async () => {
    const { db } = t.app.platform;
    const filters: Partial<AuctionSearchQuery>[] = [
      { keyword: 'hao' },
      { type: 'expired' },
      { minPrice: 1 },
      { maxPrice: 300 },
      { suffix: 'com,net' },
      { excludeHyphens: true },
      { excludePremiumNames: true },
      { minBackLinks: 1 },
      { saleEndTimeEnd: '2026-01-20' },
    ];
    expect(2 ** filters.length).toBeGreaterThan(PREPARED_SHAPES);
    for (let mask = 0; mask < 2 ** filters.length; mask++) {
      const filter = Object.assign({}, ...filters.filter((_, i) => mask & (1 << i))) as Partial<AuctionSearchQuery>;
      const query = { sort: 'ending', page: 1, pageSize: 20, ...filter } as AuctionSearchQuery;
      const got = await searchLotRows(db, query, null, t.clock.now());
      const expected = await db
        .select({ id: auctions.id })
        .from(auctions)
        .where(filterWhere(query, t.clock.now()))
        .orderBy(auctions.endsAt, auctions.id);
      expect(got.items.map((r) => r.lot.id)).toEqual(expected.map((r) => r.id));
    }
  });

  it('marks the signed-in user’s watched lots', async () => {
    const watch = await t.app.inject({
      method: 'POST',
      url: '/api/watchlist',
      headers: buyer.headers,
      payload: { auctionId: id.A },
    });
    expect(watch.json()).toMatchObject({ code: '200', data: { auctionId: id.A, isWatched: true } });
    const mine = await search('', buyer.headers);
    expect(mine.items.filter((i) => i.isWatched).map((i) => i.auctionId)).toEqual([id.A]);
    const other = await signIn(t);
    expect((await search('', other.headers)).items.some((i) => i.isWatched)).toBe(false);
    expect((await search('')).items.some((i) => i.isWatched)).toBe(false);
  });

  it('refuses bad filters with field messages in both languages', async () => {
    const bad = async (query: string, lang = EN) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/auctions?${query}`, headers: lang });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('Request.Invalid');
      return res.json().data.fields as Record<string, string>;
    };
    expect(await bad('minPrice=10&maxPrice=5')).toEqual({ maxPrice: 'Invalid range: max must be ≥ min' });
    expect(await bad('minPrice=10&maxPrice=5', ZH)).toEqual({ maxPrice: '范围无效：最大值必须 ≥ 最小值' });
    expect(await bad('minBackLinks=5&maxBackLinks=1')).toEqual({ maxBackLinks: 'Invalid range: max must be ≥ min' });
    expect(await bad('minBackLinks=5&maxBackLinks=1', ZH)).toEqual({ maxBackLinks: '范围无效：最大值必须 ≥ 最小值' });
    expect(Object.keys(await bad('minPrice=abc'))).toEqual(['minPrice']);
    expect(await bad('minPrice=-1', ZH)).toEqual({ minPrice: '数值过小（至少 0）' });
    expect(await bad('sort=cheapest')).toEqual({ sort: 'Please choose one of the options' });
    expect(await bad('pageSize=101')).toHaveProperty('pageSize');
    expect(await bad('page=0')).toHaveProperty('page');
    expect(await bad('suffix=com;net')).toEqual({ suffix: 'Invalid value' });
    expect(await bad('regTimeEnd=2025/01/01', ZH)).toEqual({ regTimeEnd: '请输入有效的日期' });
    expect(await bad('regTimeEnd=2026-02-30')).toEqual({ regTimeEnd: 'Enter a valid date' });
    expect(await bad('saleEndTimeStart=2026-13-45')).toEqual({ saleEndTimeStart: 'Enter a valid date' });
    expect(await bad('type=auction')).toEqual({ type: 'Please choose one of the options' });
    expect(await bad('minBaiduWeight=11')).toEqual({ minBaiduWeight: 'Too large (at most 10)' });
  });

  it('home: hot auctions by bidders, top deals by winning price over the last 30 days', async () => {
    const hot = await t.app.inject({ method: 'GET', url: '/api/auctions/hot' });
    expect(letters({ items: hot.json().data })).toEqual(['A', 'B', 'C', 'E', 'D']);
    const deals = await t.app.inject({ method: 'GET', url: '/api/auctions/top-deals' });
    expect(letters({ items: deals.json().data })).toEqual(['Ended']);
    expect(deals.json().data[0]).toMatchObject({ status: 'ended', winningPriceCents: 50_000, domain: 'soldout.com' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/auctions/hot', headers: buyer.headers });
    expect(mine.json().data[0]).toMatchObject({ auctionId: id.A, isWatched: true });
  });

  it('lists open and recently closed lot pages in the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap-lots-1.xml' });
    expect(res.statusCode).toBe(200);
    for (const key of ['A', 'B', 'C', 'D', 'E', 'Due', 'Ended', 'Unsold']) {
      expect(res.body).toContain(`/sale/${id[key]}</loc>`);
    }
    expect(res.body).not.toContain(`/sale/${id.Later}</loc>`);
  });

  it('describes the search in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    const params = (doc.paths['/api/auctions'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['keyword', 'minPrice', 'saleEndTimeEnd', 'sort', 'page']));
  });
});
