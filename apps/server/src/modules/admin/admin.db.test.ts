import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { getBalances, hold } from '../ledger/ledger.service.ts';
import {
  buildMoneyTestApp,
  credit,
  newOrder,
  readyBuyer,
  type SignedIn,
  signIn,
} from '../orders/orders.test-support.ts';

const EN = { 'accept-language': 'en-US' };

describe.each(enginesFor('app'))('operator console API (%s)', (engine) => {
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
      url: `/api/admin${url}`,
      headers: { ...(who?.headers ?? {}), ...EN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('checks the role on every route: visitors 401, users 403, support reads, finance and admin do everything', async () => {
    const target = user.user.accountNo;
    const routes: { method: 'GET' | 'POST'; url: string; payload?: unknown; roles: string[] }[] = [
      { method: 'GET', url: '/me', roles: ['support', 'finance', 'admin'] },
      { method: 'GET', url: '/users', roles: ['support', 'finance', 'admin'] },
      { method: 'GET', url: `/users/${target}`, roles: ['support', 'finance', 'admin'] },
      {
        method: 'POST',
        url: `/users/${target}/adjustments`,
        payload: { bucket: 'available', amountCents: 100, reason: 'role check credit' },
        roles: ['finance', 'admin'],
      },
      { method: 'GET', url: '/ledger/check', roles: ['finance', 'admin'] },
    ];
    const people: Record<string, SignedIn> = { user, support, finance, admin };
    for (const route of routes) {
      const visitor = await call(null, route.method, route.url, route.payload);
      expect(visitor.statusCode, `visitor ${route.url}`).toBe(route.method === 'POST' ? 403 : 401);
      for (const [role, who] of Object.entries(people)) {
        const res = await call(who, route.method, route.url, route.payload);
        if (route.roles.includes(role)) {
          expect(res.json().code, `${role} ${route.method} ${route.url}`).toBe('200');
        } else {
          expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
          expect(res.json()).toMatchObject({
            code: 'Account.Forbidden',
            message: 'You do not have permission to do this',
          });
        }
      }
    }
    // A visitor's POST fails CSRF first (403 Csrf.Invalid); with a token it is 401.
    const csrfOnly = await csrfHeaders(t.app);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target}/adjustments`,
      headers: csrfOnly,
      payload: { bucket: 'available', amountCents: 100, reason: 'anonymous' },
    });
    expect(anonymous.statusCode).toBe(401);
    // Finance and admin each credited $1.00 once.
    expect((await getBalances(t.app.platform.db, user.user.id)).availableCents).toBe(200);
  });

  it('GET /admin/me names the operator and their role', async () => {
    for (const who of [support, finance, admin]) {
      const res = await call(who, 'GET', '/me');
      expect(res.json().data).toEqual({
        accountNo: who.user.accountNo,
        nickname: who.user.nickname,
        email: who.user.email,
        role: who.user.role,
      });
    }
  });

  it('looks users up by account number, e-mail or nickname, with balances', async () => {
    const buyer = await signIn(t);
    await credit(t, buyer.user.id, 12_345);
    await t.app.platform.db.transaction((tx) =>
      hold(tx, t.clock.now(), {
        userId: buyer.user.id,
        amountCents: 2_345,
        ref: { type: 'auction', id: 'A1', label: 'Deposit: hold-test.com' },
        idempotencyKey: `test:hold:${buyer.user.id}`,
      }),
    );
    const expected = {
      accountNo: buyer.user.accountNo,
      email: buyer.user.email,
      nickname: buyer.user.nickname,
      role: 'user',
      availableCents: 10_000,
      frozenCents: 2_345,
      earningsCents: 0,
    };
    for (const q of [
      buyer.user.accountNo,
      buyer.user.accountNo.toLowerCase(),
      buyer.user.email.toUpperCase(),
      buyer.user.nickname,
    ]) {
      const res = await call(support, 'GET', `/users?q=${encodeURIComponent(q)}`);
      expect(res.json().data.items, q).toEqual([expect.objectContaining(expected)]);
      expect(res.json().data.total).toBe(1);
    }
    const none = await call(support, 'GET', '/users?q=nobody-has-this');
    expect(none.json().data).toMatchObject({ items: [], total: 0 });
    const everyone = await call(support, 'GET', '/users?pageSize=2');
    expect(everyone.json().data.total).toBeGreaterThanOrEqual(5);
    expect(everyone.json().data.items).toHaveLength(2);

    const detail = await call(support, 'GET', `/users/${buyer.user.accountNo}`);
    expect(detail.json().data).toMatchObject({
      ...expected,
      holds: [{ refType: 'auction', refId: 'A1', label: 'Deposit: hold-test.com', amountCents: 2_345 }],
      history: [],
    });
    expect(
      detail
        .json()
        .data.recentLines.map((l: { type: string; bucket: string; amountCents: number }) => [
          l.type,
          l.bucket,
          l.amountCents,
        ]),
    ).toEqual([
      ['deposit_hold', 'frozen', 2_345],
      ['deposit_hold', 'available', -2_345],
      ['recharge', 'available', 12_345],
    ]);
    const missing = await call(support, 'GET', '/users/NB00000001');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'Admin.UserNotFound', message: 'This user does not exist' });
    expect((await call(support, 'GET', '/users/garbage')).json().code).toBe('Admin.UserNotFound');
  });

  it('adjusts a balance with a reason: ledger, audit with who, a message to the user; never below zero', async () => {
    const buyer = await signIn(t);
    const url = `/users/${buyer.user.accountNo}/adjustments`;
    const credited = await call(finance, 'POST', url, {
      bucket: 'available',
      amountCents: 5_000,
      reason: 'Goodwill credit',
    });
    expect(credited.json().data).toMatchObject({ availableCents: 5_000 });
    expect(credited.json().data.history).toEqual([
      expect.objectContaining({
        entityType: 'user',
        entityId: buyer.user.accountNo,
        action: 'adjust_available',
        reason: 'Goodwill credit',
        actor: finance.user.accountNo,
        actorRole: 'finance',
      }),
    ]);
    expect(credited.json().data.recentLines[0]).toMatchObject({
      type: 'adjustment',
      amountCents: 5_000,
      memo: 'Goodwill credit',
    });

    const tooMuch = await call(admin, 'POST', url, {
      bucket: 'available',
      amountCents: -5_001,
      reason: 'Reverse too much',
    });
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json().code).toBe('Funds.InsufficientBalance');
    const earnings = await call(admin, 'POST', url, { bucket: 'earnings', amountCents: -1, reason: 'Nothing to take' });
    expect(earnings.json().code).toBe('Funds.InsufficientBalance');

    const debited = await call(admin, 'POST', url, {
      bucket: 'available',
      amountCents: -1_500,
      reason: 'Duplicate credit',
    });
    expect(debited.json().data).toMatchObject({ availableCents: 3_500 });
    expect(
      debited.json().data.history.map((h: { actorRole: string; reason: string }) => [h.actorRole, h.reason]),
    ).toEqual([
      ['admin', 'Duplicate credit'],
      ['finance', 'Goodwill credit'],
    ]);

    for (const bad of [
      { bucket: 'available', amountCents: 0, reason: 'zero amount' },
      { bucket: 'frozen', amountCents: 100, reason: 'frozen is not adjustable' },
      { bucket: 'available', amountCents: 100, reason: 'no' },
      { bucket: 'available', amountCents: 1.5, reason: 'fraction of a cent' },
    ]) {
      const res = await call(finance, 'POST', url, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('Request.Invalid');
    }

    const messages = await t.app.inject({ method: 'GET', url: '/api/messages', headers: { ...buyer.headers, ...EN } });
    expect(messages.json().data.items.map((m: { kind: string; body: string }) => [m.kind, m.body])).toEqual([
      ['balance_adjusted', 'We debited $15.00 from your available balance. Reason: Duplicate credit.'],
      ['balance_adjusted', 'We credited $50.00 to your available balance. Reason: Goodwill credit.'],
    ]);

    // An Idempotency-Key makes a retried adjustment apply once.
    const key = { 'idempotency-key': `adj-${buyer.user.accountNo}` };
    const body = { bucket: 'available', amountCents: 700, reason: 'Retried credit' };
    const once = await t.app.inject({
      method: 'POST',
      url: `/api/admin${url}`,
      headers: { ...finance.headers, ...key },
      payload: body,
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin${url}`,
      headers: { ...finance.headers, ...key },
      payload: body,
    });
    expect(twice.json()).toEqual(once.json());
    expect((await getBalances(t.app.platform.db, buyer.user.id)).availableCents).toBe(4_200);
  });

  it('the ledger check over HTTP: balanced, with the platform balances', async () => {
    const { user: buyer, headers } = await readyBuyer(t, 30_000);
    const order = await newOrder(t, buyer.id, { amountExTaxCents: 10_000 });
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers })).json().code).toBe(
      '200',
    );
    const res = await call(finance, 'GET', '/ledger/check');
    expect(res.statusCode).toBe(200);
    const check = res.json().data;
    expect(check).toMatchObject({
      balanced: true,
      postingsSum: 0,
      negativeAvailable: [],
      unbalancedTransactions: [],
      mismatchedBalances: [],
      checkedAt: t.clock.now().toISOString(),
    });
    expect(check.platform.escrow).toBeGreaterThanOrEqual(10_600);
    expect(check.platform.gateway).toBeLessThan(0);
    expect(check.transactions).toBeGreaterThan(0);
    expect(check.postings).toBeGreaterThanOrEqual(check.transactions * 2);
    expect(check.accounts).toBeGreaterThanOrEqual(3);
  });
});
