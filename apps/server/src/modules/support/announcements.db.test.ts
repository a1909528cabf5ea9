import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { parseSitemap } from '../../platform/sitemap.test-support.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { buildMoneyTestApp, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';

const EN = { 'accept-language': 'en-US' };

const draft = (titleEn: string, extra: Record<string, unknown> = {}) => ({
  titleZh: '平台手续费调整',
  titleEn,
  summaryZh: '自下月起调整充值手续费。',
  summaryEn: 'Top-up fees change next month.',
  bodyZh: '## 变化\n\n卡支付手续费调整为 **3%**。',
  bodyEn: '## What changes\n\nThe card fee becomes **3%**.',
  ...extra,
});

describe.each(enginesFor('app'))('announcements (%s)', (engine) => {
  let t: TestContext;
  let user: SignedIn;
  let support: SignedIn;
  let finance: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    user = await signIn(t);
    support = await signIn(t, 'support');
    finance = await signIn(t, 'finance');
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(who?.headers ?? {}), ...EN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Access tokens are short-lived: sign in again after moving the clock. */
  const refreshSessions = async () => {
    for (const who of [user, support, finance, admin]) who.headers = await sessionHeaders(t, who.user.id);
  };

  const create = async (titleEn: string, extra: Record<string, unknown> = {}) => {
    const res = await call(support, 'POST', '/admin/announcements', draft(titleEn, extra));
    expect(res.json().code, res.body).toBe('200');
    return res.json().data as { id: string; slug: string; status: string; publishAt: string | null };
  };

  it('is for support staff and admins: visitors 401, users and finance 403', async () => {
    const made = await create('Role check');
    const routes: { method: 'GET' | 'POST'; url: string; payload?: unknown }[] = [
      { method: 'GET', url: '/admin/announcements' },
      { method: 'GET', url: `/admin/announcements/${made.id}` },
      { method: 'POST', url: '/admin/announcements', payload: draft('Role check again') },
      { method: 'POST', url: `/admin/announcements/${made.id}`, payload: draft('Role check') },
    ];
    for (const route of routes) {
      expect((await call(null, route.method, route.url, route.payload)).statusCode).toBe(
        route.method === 'POST' ? 403 : 401,
      );
      for (const who of [user, finance]) {
        const res = await call(who, route.method, route.url, route.payload);
        expect(res.statusCode, `${who.user.role} ${route.method} ${route.url}`).toBe(403);
        expect(res.json().code).toBe('Account.Forbidden');
      }
      for (const who of [support, admin]) {
        const res = await call(who, route.method, route.url, route.payload);
        expect(res.json().code, `${who.user.role} ${route.method} ${route.url}`).toBe('200');
      }
    }
    const visitorWithToken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/announcements',
      headers: await csrfHeaders(t.app),
      payload: draft('Anonymous'),
    });
    expect(visitorWithToken.statusCode).toBe(401);
  });

  it('makes the slug from the English title, unique, and refuses a slug already used', async () => {
    const first = await create('New fee rates: 2026!');
    expect(first).toMatchObject({ slug: 'new-fee-rates-2026', status: 'draft', publishAt: null });
    const second = await create('New fee rates 2026');
    expect(second.slug).toBe('new-fee-rates-2026-2');
    const given = await create('Anything', { slug: 'my-own-address' });
    expect(given.slug).toBe('my-own-address');

    const taken = await call(support, 'POST', '/admin/announcements', draft('Other', { slug: 'my-own-address' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'Announcement.SlugTaken',
      message: 'Another announcement already uses this address',
    });
    const renamed = await call(support, 'POST', `/admin/announcements/${second.id}`, {
      ...draft('New fee rates 2026'),
      slug: 'new-fee-rates-2026',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('Announcement.SlugTaken');

    const bad = await call(support, 'POST', '/admin/announcements', { ...draft(''), slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');
    expect(Object.keys(bad.json().data.fields).sort()).toEqual(['slug', 'titleEn']);
  });

  it('shows visitors published announcements only, newest first, Markdown as written', async () => {
    const hidden = await create('Still a draft');
    const markdown = '# Hello\n\n<script>alert(1)</script> and [a link](javascript:alert(1))';
    const older = await create('Older news', { bodyEn: markdown });
    const newer = await create('Newer news');

    expect((await call(null, 'GET', `/announcements/${hidden.slug}`)).statusCode).toBe(404);
    const published = await call(support, 'POST', `/admin/announcements/${older.id}/publish`, {});
    expect(published.json().data).toMatchObject({ status: 'published', publishAt: t.clock.now().toISOString() });
    t.clock.advance(1);
    await refreshSessions();
    await call(admin, 'POST', `/admin/announcements/${newer.id}/publish`, {});

    const list = await call(null, 'GET', '/announcements?pageSize=100');
    expect(list.statusCode).toBe(200);
    const slugs = list.json().data.items.map((a: { slug: string }) => a.slug);
    expect(slugs.slice(0, 2)).toEqual([newer.slug, older.slug]);
    expect(slugs).not.toContain(hidden.slug);
    expect(list.json().data.items[0]).not.toHaveProperty('bodyEn');

    const one = await call(null, 'GET', `/announcements/${older.slug}`);
    expect(one.json().data).toMatchObject({ slug: older.slug, titleEn: 'Older news', bodyEn: markdown });

    const missing = await call(null, 'GET', '/announcements/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'Announcement.NotFound',
      message: 'This announcement does not exist',
    });

    const trail = await auditTrail(t.app.platform.db, 'announcement', older.id);
    expect(trail.map((r) => [r.action, r.fromStatus, r.toStatus, r.actorRole])).toEqual([
      ['publish', 'draft', 'published', 'support'],
      ['create', null, 'draft', 'support'],
    ]);
  });

  it('publishes a scheduled announcement when its time comes (the sweeper, by the clock)', async () => {
    const made = await create('Maintenance window');
    const at = new Date(t.clock.now().getTime() + 2 * 3600_000).toISOString();
    const scheduled = await call(support, 'POST', `/admin/announcements/${made.id}/publish`, { publishAt: at });
    expect(scheduled.json().data).toMatchObject({ status: 'scheduled', publishAt: at });

    await t.app.inject({ method: 'POST', url: '/api/dev/sweep' });
    expect((await call(null, 'GET', `/announcements/${made.slug}`)).statusCode).toBe(404);

    t.clock.advance(2 * 3600 + 1);
    await refreshSessions();
    const sweep = await t.app.inject({ method: 'POST', url: '/api/dev/sweep' });
    expect(sweep.json().data.advanced).toContainEqual({ sweeper: 'announcements.publish', count: 1 });
    const visible = await call(null, 'GET', `/announcements/${made.slug}`);
    expect(visible.json().data).toMatchObject({ slug: made.slug, publishedAt: at });
    const trail = await auditTrail(t.app.platform.db, 'announcement', made.id);
    expect(trail[0]).toMatchObject({
      action: 'publish',
      fromStatus: 'scheduled',
      toStatus: 'published',
      actorRole: 'system',
    });

    // A time in the past publishes at once.
    const late = await create('Late one');
    const now = await call(support, 'POST', `/admin/announcements/${late.id}/publish`, {
      publishAt: '2020-01-01T00:00:00Z',
    });
    expect(now.json().data.status).toBe('published');
  });

  it('withdraws: gone from the help centre; refuses moves its status does not allow', async () => {
    const made = await create('Short-lived');
    const early = await call(support, 'POST', `/admin/announcements/${made.id}/withdraw`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('Announcement.InvalidTransition');

    await call(support, 'POST', `/admin/announcements/${made.id}/publish`, {});
    const again = await call(support, 'POST', `/admin/announcements/${made.id}/publish`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This announcement cannot do that in its current status');

    const withdrawn = await call(support, 'POST', `/admin/announcements/${made.id}/withdraw`);
    expect(withdrawn.json().data.status).toBe('withdrawn');
    expect((await call(null, 'GET', `/announcements/${made.slug}`)).statusCode).toBe(404);
    const list = await call(null, 'GET', '/announcements?pageSize=100');
    expect(list.json().data.items.map((a: { slug: string }) => a.slug)).not.toContain(made.slug);

    const filtered = await call(support, 'GET', '/admin/announcements?status=withdrawn&q=short');
    expect(filtered.json().data.items.map((a: { id: string }) => a.id)).toEqual([made.id]);
    expect(filtered.json().data.items[0].updatedBy).toBe(support.user.accountNo);

    const unknown = await call(support, 'POST', '/admin/announcements/999999/withdraw');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('Announcement.NotFound');
  });

  it('lists published announcements in the sitemap, and only those', async () => {
    const shown = await create('In the sitemap');
    const gone = await create('Not in the sitemap');
    await call(support, 'POST', `/admin/announcements/${shown.id}/publish`, {});
    await call(support, 'POST', `/admin/announcements/${gone.id}/publish`, {});
    await call(support, 'POST', `/admin/announcements/${gone.id}/withdraw`);

    const index = parseSitemap((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    const file = index.entries.map((e) => e.loc).find((loc) => loc.includes('/sitemap-announcements-1.xml'));
    expect(file).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: '/sitemap-announcements-1.xml' });
    expect(res.statusCode).toBe(200);
    const locs = parseSitemap(res.body).entries.map((e) => new URL(e.loc).pathname);
    expect(locs).toContain(`/help-center/blog/${shown.slug}`);
    expect(locs).not.toContain(`/help-center/blog/${gone.slug}`);
  });
});
