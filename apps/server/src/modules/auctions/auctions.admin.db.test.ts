import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { lotInput } from '../catalog/catalog.test-support.ts';
import { buildMoneyTestApp, type SignedIn, signIn } from '../orders/orders.test-support.ts';

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(enginesFor('app'))('operators adding lots (%s)', (engine) => {
  let t: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (headers: Record<string, string>, lots: unknown[], lang = EN) =>
    t.app.inject({ method: 'POST', url: '/api/admin/auctions', headers: { ...headers, ...lang }, payload: { lots } });
  const list = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/auctions${query}`, headers });

  it('adds a batch: bidding when started, scheduled when later, one audit record each', async () => {
    const now = t.clock.now().getTime();
    const live = lotInput(t, { domain: 'HaoChe.com.cn', metrics: { baiduWeight: 3, backlinks: 1200 } });
    const later = lotInput(t, {
      domain: 'jiao-yu.net',
      startsAt: new Date(now + DAY).toISOString(),
      endsAt: new Date(now + 5 * DAY).toISOString(),
      startPriceCents: 25_000,
    });
    const res = await post(admin.headers, [live, later]);
    expect(res.statusCode).toBe(200);
    const { created } = res.json().data as { created: { auctionId: string; domain: string }[] };
    expect(created.map((c) => c.domain)).toEqual(['haoche.com.cn', 'jiao-yu.net']);

    const page = (await list(admin.headers, '?keyword=haoche')).json().data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      auctionId: created[0]?.auctionId,
      domain: 'haoche.com.cn',
      tld: 'com.cn',
      length: 6,
      status: 'bidding',
      currentPriceCents: 1_000,
      minNextBidCents: 1_000,
      startPriceCents: 1_000,
      partner: 'partner-test',
      metrics: { baiduWeight: 3, backlinks: 1200, traffic: 0 },
      latestEndsAt: new Date(Date.parse(live.startsAt) + 6 * DAY).toISOString(),
      scheduledEndsAt: live.endsAt,
      winnerAccountNo: null,
    });
    const scheduled = (await list(admin.headers, '?status=scheduled&keyword=jiao-')).json().data;
    expect(scheduled.items.map((i: { domain: string }) => i.domain)).toEqual(['jiao-yu.net']);
    expect(scheduled.items[0]).toMatchObject({ status: 'scheduled', currentPriceCents: 25_000 });

    for (const c of created) {
      const trail = await auditTrail(t.app.platform.db, 'auction', c.auctionId);
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ action: 'create', actorId: admin.user.id, actorRole: 'admin' });
    }
  });

  it('refuses a domain that already has an open lot, or twice in a batch, and adds none of the batch', async () => {
    const first = lotInput(t);
    expect((await post(admin.headers, [first])).statusCode).toBe(200);
    const fresh = lotInput(t);
    const again = await post(admin.headers, [fresh, { ...lotInput(t), domain: first.domain }]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'Auction.LotExists',
      message: 'This domain already has an open auction',
      data: { domain: first.domain, fields: { 'lots.1.domain': 'This domain already has an open auction' } },
    });
    const twice = await post(admin.headers, [fresh, lotInput(t), { ...lotInput(t), domain: fresh.domain }], ZH);
    expect(twice.json()).toMatchObject({
      code: 'Auction.LotExists',
      message: '该域名已有进行中的拍卖',
      data: { domain: fresh.domain, fields: { 'lots.2.domain': '该域名在本批中重复出现' } },
    });
    // Nothing of either batch was added.
    expect((await list(admin.headers, `?keyword=${fresh.domain}`)).json().data.total).toBe(0);
  });

  it('answers Request.Invalid with per-row field messages in both languages', async () => {
    const now = t.clock.now().getTime();
    const short = lotInput(t, { endsAt: new Date(now + DAY).toISOString() });
    const bad = await post(admin.headers, [lotInput(t), short, { ...lotInput(t), domain: 'www.bad.com' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'Request.Invalid',
      data: {
        fields: {
          'lots.1.endsAt': 'An auction lasts at least 3 days',
          'lots.2.domain': 'Invalid domain format. Use dots (.) between parts. Exclude www.',
        },
      },
    });
    const zh = await post(admin.headers, [short], ZH);
    expect(zh.json().data.fields['lots.0.endsAt']).toBe('拍卖时长至少 3 天');
    // A lot that would already be over.
    const past = lotInput(t, {
      startsAt: new Date(now - 5 * DAY).toISOString(),
      endsAt: new Date(now - HOUR).toISOString(),
    });
    const ended = await post(admin.headers, [past]);
    expect(ended.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { 'lots.0.endsAt': 'The end must be in the future' } },
    });
    expect((await post(admin.headers, [])).json().code).toBe('Request.Invalid');
  });

  it('is for admins only', async () => {
    const user = await signIn(t);
    const finance = await signIn(t, 'finance');
    for (const who of [user, finance]) {
      const res = await post(who.headers, [lotInput(t)]);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('Account.Forbidden');
      expect((await list(who.headers)).json().code).toBe('Account.Forbidden');
    }
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/auctions' });
    expect(visitor.json().code).toBe('Account.Unauthorized');
  });

  it('pages the list and refuses a bad status', async () => {
    const page = (await list(admin.headers, '?page=1&pageSize=2')).json().data;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const res = await list({ ...admin.headers, ...EN }, '?status=open&pageSize=101');
    expect(res.json()).toMatchObject({ code: 'Request.Invalid', data: { fields: { status: expect.any(String) } } });
    expect(Object.keys(res.json().data.fields).sort()).toEqual(['pageSize', 'status']);
  });
});
