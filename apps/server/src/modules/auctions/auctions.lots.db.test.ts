import { AUCTION_RULES } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { auctions, watchlist } from '../../db/schema/index.ts';
import { lotInput } from '../catalog/catalog.test-support.ts';
import { buildMoneyTestApp, signIn } from '../orders/orders.test-support.ts';
import { lotRow } from './auctions.lots.ts';

const DAY = 86_400_000;

describe('the row a lot becomes', () => {
  const now = new Date('2026-01-05T00:00:00Z');
  const base = {
    domain: 'jiao-yu.com.cn',
    type: 'expired' as const,
    registrar: 'West.cn',
    partner: 'p',
    startPriceCents: 2_500,
    startsAt: '2026-01-04T00:00:00.000Z',
    endsAt: '2026-01-08T00:00:00.000Z',
  };
  it('derives name, TLD, length and hyphen; bidding once started; latest end = start + 6 days', () => {
    const row = lotRow({ ...base, metrics: { trustFlow: 40 } }, now, 7n);
    expect(row).toMatchObject({
      name: 'jiao-yu',
      tld: 'com.cn',
      length: 7,
      hasHyphen: true,
      status: 'bidding',
      currentPriceCents: 2_500,
      trustFlow: 40,
      traffic: 0,
      isPremium: false,
      createdBy: 7n,
    });
    expect(row.scheduledEndsAt).toEqual(new Date(base.endsAt));
    expect(row.latestEndsAt).toEqual(new Date(Date.parse(base.startsAt) + AUCTION_RULES.maxDurationDays * DAY));
  });
  it('is scheduled when it starts later', () => {
    expect(
      lotRow({ ...base, startsAt: '2026-01-05T00:00:01.000Z', endsAt: '2026-01-09T00:00:00.000Z' }, now, null),
    ).toMatchObject({ status: 'scheduled' });
    expect(
      lotRow({ ...base, startsAt: now.toISOString(), endsAt: '2026-01-09T00:00:00.000Z' }, now, null),
    ).toMatchObject({ status: 'bidding' });
  });
});

describe.each(enginesFor('app'))('watchlist limit (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a watch beyond the limit, but watching a watched lot again is fine', async () => {
    const me = await signIn(t);
    const now = t.clock.now();
    const rows = Array.from({ length: AUCTION_RULES.watchlistMax + 1 }, () => lotRow(lotInput(t), now, null));
    const ids = (await t.app.platform.db.insert(auctions).values(rows).returning({ id: auctions.id })).map((r) => r.id);
    await t.app.platform.db
      .insert(watchlist)
      .values(
        ids
          .slice(0, AUCTION_RULES.watchlistMax)
          .map((auctionId) => ({ userId: me.user.id, auctionId, createdAt: now })),
      );
    const watch = (auctionId: bigint) =>
      t.app.inject({
        method: 'POST',
        url: '/api/watchlist',
        headers: { ...me.headers, 'accept-language': 'zh-CN' },
        payload: { auctionId: String(auctionId) },
      });
    const over = await watch(ids[AUCTION_RULES.watchlistMax] as bigint);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'Watchlist.LimitReached', message: '关注列表已达上限' });
    expect((await watch(ids[0] as bigint)).json()).toMatchObject({ code: '200', data: { isWatched: true } });
  });
});
