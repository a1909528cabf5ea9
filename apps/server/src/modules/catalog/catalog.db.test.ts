import { AUCTION_RULES } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { savedFilters } from '../../db/schema/index.ts';
import { buildMoneyTestApp, type SignedIn, signIn } from '../orders/orders.test-support.ts';
import { addLots, lotInput } from './catalog.test-support.ts';

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };

describe.each(enginesFor('app'))('watchlist and saved filters (%s)', (engine) => {
  let t: TestContext;
  let me: SignedIn;
  let lots: string[];
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    me = await signIn(t);
    lots = await addLots(t, [lotInput(t), lotInput(t), lotInput(t)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => t.app.inject({ method, url: `/api${url}`, headers: { ...headers, ...EN }, ...(payload ? { payload } : {}) });

  it('watches lots idempotently, lists them newest first, and stops watching', async () => {
    for (const id of [lots[0], lots[1], lots[0]]) {
      const res = await call('POST', '/watchlist', me.headers, { auctionId: id });
      expect(res.json()).toMatchObject({ code: '200', data: { auctionId: id, isWatched: true } });
      t.clock.advance(1);
    }
    const list = (await call('GET', '/watchlist', me.headers)).json().data;
    expect(list.total).toBe(2);
    expect(list.items.map((i: { auctionId: string }) => i.auctionId)).toEqual([lots[1], lots[0]]);
    expect(list.items[0]).toMatchObject({ isWatched: true, status: 'bidding' });
    const paged = (await call('GET', '/watchlist?pageSize=1&page=2', me.headers)).json().data;
    expect(paged.items.map((i: { auctionId: string }) => i.auctionId)).toEqual([lots[0]]);

    const removed = await call('DELETE', `/watchlist/${lots[1]}`, me.headers);
    expect(removed.json()).toMatchObject({ code: '200', data: { auctionId: lots[1], isWatched: false } });
    expect((await call('DELETE', `/watchlist/${lots[1]}`, me.headers)).json().code).toBe('200');
    expect((await call('GET', '/watchlist', me.headers)).json().data.total).toBe(1);
    // Another user's watchlist is their own.
    const other = await signIn(t);
    expect((await call('GET', '/watchlist', other.headers)).json().data.total).toBe(0);
  });

  it('refuses unknown lots, bad ids and visitors', async () => {
    const unknown = await call('POST', '/watchlist', me.headers, { auctionId: '999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'Auction.NotFound', message: 'This auction does not exist' });
    // Beyond bigint (19 digits or more) is as malformed as letters: no query ever sees it.
    for (const auctionId of ['abc', '9223372036854775808', '9999999999999999999']) {
      const bad = await call('POST', '/watchlist', me.headers, { auctionId });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'Request.Invalid', data: { fields: { auctionId: 'Invalid value' } } });
    }
    for (const [method, url] of [
      ['GET', '/watchlist'],
      ['POST', '/watchlist'],
      ['DELETE', `/watchlist/${lots[0]}`],
      ['GET', '/saved-filters'],
      ['POST', '/saved-filters'],
      ['PATCH', '/saved-filters/1'],
      ['DELETE', '/saved-filters/1'],
    ] as const) {
      const res = await call(method, url, {}, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect([res.statusCode, res.json().code]).toEqual(
        method === 'GET' ? [401, 'Account.Unauthorized'] : [403, expect.stringMatching(/Csrf|Account/)],
      );
    }
  });

  it('saves, lists, renames and deletes filters, own rows only', async () => {
    // The page sends flags as JSON booleans; 'true'/'false' (as in the address) are read the same way.
    const filter = { keyword: 'hao', minPrice: 10, maxPrice: 100, excludeHyphens: true, suffix: 'com,net' };
    const saved = await call('POST', '/saved-filters', me.headers, { name: ' 短域名 cheap ', filter });
    expect(saved.json()).toMatchObject({ code: '200', data: { name: '短域名 cheap', filter } });
    const asText = await call('POST', '/saved-filters', me.headers, {
      name: 'text flags',
      filter: { excludeHyphens: 'true', excludePremiumNames: 'false' },
    });
    expect(asText.json().data.filter).toEqual({ excludeHyphens: true, excludePremiumNames: false });
    const bad = await call(
      'POST',
      '/saved-filters',
      { ...me.headers, 'accept-language': 'en-US' },
      {
        name: 'bad',
        filter: { excludeHyphens: 'maybe' },
      },
    );
    expect(bad.json()).toMatchObject({ code: 'Request.Invalid' });
    await call('DELETE', `/saved-filters/${asText.json().data.id}`, me.headers);
    const id = saved.json().data.id as string;
    const list = (await call('GET', '/saved-filters', me.headers)).json().data;
    expect(list).toMatchObject({ total: 1, pageSize: AUCTION_RULES.savedFiltersMax });
    expect(list.items[0]).toMatchObject({ id, filter });
    // The saved filter is a valid /sale query.
    const query = new URLSearchParams(list.items[0].filter).toString();
    expect((await t.app.inject({ method: 'GET', url: `/api/auctions?${query}` })).json().code).toBe('200');

    const renamed = await call('PATCH', `/saved-filters/${id}`, me.headers, { name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ code: '200', data: { id, name: 'Renamed', filter } });
    const replaced = await call('PATCH', `/saved-filters/${id}`, me.headers, {
      name: 'R2',
      filter: { type: 'expired' },
    });
    expect(replaced.json().data).toMatchObject({ name: 'R2', filter: { type: 'expired' } });

    const other = await signIn(t);
    for (const [method, payload] of [
      ['PATCH', { name: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/saved-filters/${id}`, other.headers, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'SavedFilter.NotFound', message: 'This saved filter does not exist' });
    }
    expect((await call('GET', '/saved-filters', other.headers)).json().data.total).toBe(0);
    expect((await call('DELETE', `/saved-filters/${id}`, me.headers)).json()).toMatchObject({ data: { id } });
    expect((await call('DELETE', `/saved-filters/${id}`, me.headers)).json().code).toBe('SavedFilter.NotFound');
  });

  it('validates names and filters in both languages', async () => {
    const long = await call('POST', '/saved-filters', me.headers, { name: 'x'.repeat(21), filter: {} });
    expect(long.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { name: 'Too long (at most 20 characters)' } },
    });
    const range = await t.app.inject({
      method: 'POST',
      url: '/api/saved-filters',
      headers: { ...me.headers, ...ZH },
      payload: { name: 'ok', filter: { minPrice: 9, maxPrice: 1 } },
    });
    expect(range.json()).toMatchObject({
      code: 'Request.Invalid',
      message: '请求参数有误，请检查后重试',
      data: { fields: { 'filter.maxPrice': '范围无效：最大值必须 ≥ 最小值' } },
    });
    const empty = await call('PATCH', '/saved-filters/1', me.headers, { name: '  ' });
    expect(empty.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { name: 'This field is required' } },
    });
  });

  it('stops at the saved-filter limit', async () => {
    const user = await signIn(t);
    const now = t.clock.now();
    await t.app.platform.db.insert(savedFilters).values(
      Array.from({ length: AUCTION_RULES.savedFiltersMax - 1 }, (_, i) => ({
        userId: user.user.id,
        name: `f${i}`,
        filter: {},
        createdAt: now,
        updatedAt: now,
      })),
    );
    expect((await call('POST', '/saved-filters', user.headers, { name: 'last', filter: {} })).json().code).toBe('200');
    const over = await call('POST', '/saved-filters', user.headers, { name: 'one more', filter: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'SavedFilter.LimitReached',
      message: 'You have reached the maximum number of saved filters',
    });
  });
});
