import type { MarketDetail, MarketPage, MarketQuery } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { parseSitemap } from '../../platform/sitemap.test-support.ts';
import { createUser } from '../account/account.service.ts';
import { searchMarketRows } from './market.repository.ts';
import { MARKET_DETAIL_CACHE, MARKET_LIST_CACHE } from './market.routes.ts';
import { insertCalendarEntry, insertListing } from './market.test-support.ts';

const ORIGIN = 'https://namebourse.example';
const MIN = 60_000;

describe.each(enginesFor('sql'))('the public market (%s)', (engine) => {
  let t: TestContext;
  let accountNo = '';

  beforeAll(async () => {
    t = await buildTestApp(engine, { publicUrl: ORIGIN });
    const db = t.app.platform.db;
    const now = t.clock.now();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MIN);
    const seller = await createUser(db, t.clock, {
      email: 'seller@example.com',
      password: 'Passw0rd!23',
      nickname: 's',
    });
    accountNo = seller.accountNo;
    const add = (domain: string, minutes: number, o: Parameters<typeof insertListing>[4] = {}) =>
      insertListing(db, seller.id, domain, now, { listedAt: ago(minutes), ...o });
    const alpha = await add('alphawave.com', 1, {
      priceCents: 50_000,
      industries: ['technology', 'ai'],
      keywords: ['wave', 'alpha'],
      descriptionZh: '阿尔法波',
      descriptionEn: 'Alpha wave',
      logoId: 77n,
      expiresAt: new Date(now.getTime() + 30 * 24 * 60 * MIN),
    });
    await add('betaforge.io', 2, {
      mode: 'offer',
      priceCents: null,
      floorCents: 20_000,
      industries: ['finance'],
      keywords: ['forge'],
      descriptionEn: 'A forge for finance',
      source: 'held',
    });
    await add('abcd.net', 3, {
      priceCents: 3_000,
      industries: ['ecommerce'],
      keywords: ['短'],
      descriptionZh: '四字母短域名',
    });
    await add('abyss.com', 4, { status: 'modification_review', priceCents: 800_000, industries: ['games'] });
    await add('zenbloom.ai', 5, { mode: 'offer', priceCents: 120_000, floorCents: 50_000, industries: ['health'] });
    // Not on the market list.
    await add('pausedname.com', 6, { paused: true, pausedReason: 'seller' });
    await add('ownershipgone.com', 6, { paused: true, pausedReason: 'ownership' });
    await add('pendingname.com', 7, { status: 'pending_review', listedAt: null });
    await add('failedname.com', 7, { status: 'review_failed', listedAt: null, reviewReason: 'no' });
    await add('auctionname.com', 8, { mode: 'auction', auctionId: 42n, priceCents: null, startPriceCents: 1_000 });
    await add('offshelf.com', 9, { status: 'off_shelf' });
    await add('soldname.com', 10, { status: 'sold', soldAt: now });
    await add('sellingname.com', 11, { status: 'selling' });
    const day = (d: number) => new Date(now.getTime() + d * 24 * 60 * MIN);
    await insertCalendarEntry(
      db,
      alpha.id,
      { date: '2026-01-01', effectiveAt: day(-4), priceCents: 60_000, appliedAt: day(-4) },
      now,
    );
    await insertCalendarEntry(db, alpha.id, { date: '2026-01-20', effectiveAt: day(15), priceCents: 40_000 }, now);
    await insertCalendarEntry(db, alpha.id, { date: '2026-01-10', effectiveAt: day(5), priceCents: 45_000 }, now);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, lang = 'en-US') =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
  const search = async (qs: string, lang = 'en-US') => {
    const res = await get(`/api/market?${qs}`, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MarketPage;
  };
  const domains = async (qs: string) => (await search(qs)).items.map((i) => i.domain);

  it('lists listings on sale (or with an edit in review), newest first, nothing paused, unapproved, closed or auctioned', async () => {
    const page = await search('pageSize=100');
    expect(page.items.map((i) => i.domain)).toEqual([
      'alphawave.com',
      'betaforge.io',
      'abcd.net',
      'abyss.com',
      'zenbloom.ai',
    ]);
    expect(page).toMatchObject({ total: 5, totalEstimated: false, page: 1, pageSize: 100 });
    expect(page.items[0]).toEqual({
      listingId: expect.any(String),
      domain: 'alphawave.com',
      tld: 'com',
      length: 9,
      mode: 'fixed',
      priceCents: 50_000,
      floorCents: null,
      industries: ['technology', 'ai'],
      keywords: ['wave', 'alpha'],
      description: 'Alpha wave',
      logoUrl: '/api/listing-logos/77',
      listedAt: new Date(t.clock.now().getTime() - MIN).toISOString(),
    });
    expect(page.items[1]?.logoUrl).toBeNull();
  });

  it('sorts by price both ways (listings without a price last), by length and by name', async () => {
    expect(await domains('sort=price_asc')).toEqual([
      'abcd.net',
      'alphawave.com',
      'zenbloom.ai',
      'abyss.com',
      'betaforge.io',
    ]);
    expect(await domains('sort=price_desc')).toEqual([
      'abyss.com',
      'zenbloom.ai',
      'alphawave.com',
      'abcd.net',
      'betaforge.io',
    ]);
    expect(await domains('sort=length_asc')).toEqual([
      'abcd.net',
      'abyss.com',
      'zenbloom.ai',
      'alphawave.com',
      'betaforge.io',
    ]);
    expect(await domains('sort=name_asc')).toEqual([
      'abcd.net',
      'abyss.com',
      'alphawave.com',
      'betaforge.io',
      'zenbloom.ai',
    ]);
  });

  it('finds part of the domain from three characters, and names starting with one or two', async () => {
    expect(await domains('q=wave')).toEqual(['alphawave.com']);
    expect(await domains('q=BYS')).toEqual(['abyss.com']);
    expect(await domains('q=.io')).toEqual(['betaforge.io']);
    // 'ab' is in alphawave… no: in abcd and abyss only as a start; 'a' starts three names.
    expect(await domains('q=ab')).toEqual(['abcd.net', 'abyss.com']);
    expect(await domains('q=a')).toEqual(['alphawave.com', 'abcd.net', 'abyss.com']);
    expect(await domains('q=lo')).toEqual([]);
    expect(await domains('q=100%25')).toEqual([]);
  });

  it('filters by TLD, mode, price range, length range, industry and keyword', async () => {
    expect(await domains('tld=com')).toEqual(['alphawave.com', 'abyss.com']);
    expect(await domains('tld=.IO')).toEqual(['betaforge.io']);
    expect(await domains('mode=offer')).toEqual(['betaforge.io', 'zenbloom.ai']);
    expect(await domains('minPrice=10000&maxPrice=200000')).toEqual(['alphawave.com', 'zenbloom.ai']);
    expect(await domains('minPrice=800000')).toEqual(['abyss.com']);
    expect(await domains('minLength=5&maxLength=8')).toEqual(['abyss.com', 'zenbloom.ai']);
    expect(await domains('industry=finance')).toEqual(['betaforge.io']);
    expect(await domains('industry=ai')).toEqual(['alphawave.com']);
    expect(await domains('keyword=Wave')).toEqual(['alphawave.com']);
    expect(await domains(`keyword=${encodeURIComponent('短')}`)).toEqual(['abcd.net']);
    expect(await domains('tld=com&mode=fixed&minPrice=100000&sort=price_asc')).toEqual(['abyss.com']);
  });

  it('pages, with an exact total for small results', async () => {
    const second = await search('pageSize=2&page=2');
    expect(second.items.map((i) => i.domain)).toEqual(['abcd.net', 'abyss.com']);
    expect(second).toMatchObject({ total: 5, totalEstimated: false });
    const past = await search('pageSize=2&page=9');
    expect(past.items).toEqual([]);
    expect(past.total).toBeGreaterThanOrEqual(0);
  });

  it('estimates the total when counting would cost too much', async () => {
    const query = { page: 1, pageSize: 2, sort: 'newest' } as MarketQuery;
    const counted = await searchMarketRows(t.app.platform.db, query, t.clock.now());
    expect(counted).toMatchObject({ total: 5, totalEstimated: false });
    const estimated = await searchMarketRows(t.app.platform.db, { ...query, minLength: 1 }, t.clock.now(), {
      cap: 1,
    });
    expect(estimated.totalEstimated).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(2);
  });

  it('describes a listing in the reader’s language, else the other one, else not at all', async () => {
    const zh = await search('pageSize=100', 'zh-CN');
    const en = await search('pageSize=100', 'en-US');
    const of = (page: MarketPage, domain: string) => page.items.find((i) => i.domain === domain)?.description;
    expect(of(zh, 'alphawave.com')).toBe('阿尔法波');
    expect(of(en, 'alphawave.com')).toBe('Alpha wave');
    expect(of(zh, 'betaforge.io')).toBe('A forge for finance');
    expect(of(en, 'abcd.net')).toBe('四字母短域名');
    expect(of(en, 'abyss.com')).toBeNull();
  });

  it('refuses a bad query with Request.Invalid and its fields', async () => {
    for (const qs of [
      'minPrice=5000&maxPrice=100',
      'minLength=9&maxLength=3',
      'sort=cheapest',
      'minPrice=abc',
      'pageSize=500',
    ]) {
      const res = await get(`/api/market?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code).toBe('Request.Invalid');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const range = (await get('/api/market?minPrice=5000&maxPrice=100')).json();
    expect(Object.keys(range.data.fields)).toEqual(['maxPrice']);
  });

  it('lets browsers and shared caches keep a page a short while, per language and encoding', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/market?pageSize=100',
      headers: { 'accept-language': 'zh-CN', 'accept-encoding': 'gzip' },
    });
    expect(res.headers['cache-control']).toBe(MARKET_LIST_CACHE);
    expect(res.headers['content-encoding']).toBe('gzip');
    const vary = String(res.headers.vary).toLowerCase().split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['accept-language', 'accept-encoding']));
    const detail = await get('/api/market/alphawave.com');
    expect(detail.headers['cache-control']).toBe(MARKET_DETAIL_CACHE);
  });

  it('shows one listing’s page: both descriptions, the next calendar price, the masked seller', async () => {
    const res = await get('/api/market/alphawave.com', 'zh-CN');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as MarketDetail;
    expect(d).toMatchObject({
      domain: 'alphawave.com',
      description: '阿尔法波',
      descriptionZh: '阿尔法波',
      descriptionEn: 'Alpha wave',
      auctionId: null,
      nextPrice: { date: '2026-01-10', priceCents: 45_000 },
      heldHere: false,
      serverTime: t.clock.now().toISOString(),
      expiresAt: new Date(t.clock.now().getTime() + 30 * 24 * 60 * MIN).toISOString(),
    });
    expect(d.seller).toBe(`${accountNo.slice(0, 2)}****${accountNo.slice(-2)}`);
    expect(d.seller).not.toContain(accountNo.slice(2, -2));
    const held = (await get('/api/market/BetaForge.io')).json().data as MarketDetail;
    expect(held).toMatchObject({ heldHere: true, mode: 'offer', nextPrice: null, floorCents: 20_000 });
    expect((await get('/api/market/abyss.com')).statusCode).toBe(200);
  });

  it('shows a seller auction’s listing with its lot', async () => {
    const res = await get('/api/market/auctionname.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mode: 'auction', auctionId: '42' });
  });

  it('answers Listing.NotFound for paused, unapproved, closed and unknown listings', async () => {
    for (const domain of [
      'pausedname.com',
      'ownershipgone.com',
      'pendingname.com',
      'failedname.com',
      'offshelf.com',
      'soldname.com',
      'sellingname.com',
      'nobody.com',
    ]) {
      const res = await get(`/api/market/${domain}`);
      expect(res.statusCode, domain).toBe(404);
      expect(res.json().code).toBe('Listing.NotFound');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await get('/api/market/not_a_domain')).json().code).toBe('Request.Invalid');
  });

  it('lists the public listing pages in the sitemap', async () => {
    const index = parseSitemap((await get('/sitemap.xml')).body);
    expect(index.entries.map((e) => e.loc)).toContain(`${ORIGIN}/sitemap-market-1.xml`);
    const res = await get('/sitemap-market-1.xml');
    expect(res.statusCode).toBe(200);
    const locs = parseSitemap(res.body).entries.map((e) => e.loc);
    expect(locs).toEqual(
      ['alphawave.com', 'betaforge.io', 'abcd.net', 'abyss.com', 'zenbloom.ai', 'auctionname.com'].map(
        (d) => `${ORIGIN}/market/${d}`,
      ),
    );
    expect((await get('/sitemap-market-2.xml')).statusCode).toBe(404);
  });
});
