import { RESTRICTION_SCOPES, type RestrictionScope } from '@namebourse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { listings } from '../../db/schema/index.ts';
import { insertListing } from '../listings/market.test-support.ts';
import { buildMoneyTestApp, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';

// API access is unlocked by spending; here every account may create a key.
vi.mock('../security/api-access.ts', () => ({
  getApiAccessInputs: vi.fn(async () => ({ spentCents: 150_000, availableCents: 20_000 })),
}));

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const RESTRICTED_EN = 'Your account is restricted with limited functionality';
const RESTRICTED_ZH = '您的账户受限，部分功能不可用';

type Method = 'GET' | 'POST' | 'DELETE';
interface Action {
  scope: RestrictionScope;
  name: string;
  method: Method;
  url: string;
  payload?: object;
}

/**
 * One request per restricted action, on ids that name nothing: unrestricted, each is refused for its
 * own reason (not found, invalid), never Account.Restricted.
 */
const ACTIONS: Action[] = [
  { scope: 'bid', name: 'bid', method: 'POST', url: '/api/auctions/999999/bids', payload: { amountCents: 1_000 } },
  { scope: 'buy', name: 'buy now', method: 'POST', url: '/api/listings/999999/buy', payload: {} },
  {
    scope: 'buy',
    name: 'checkout',
    method: 'POST',
    url: '/api/cart/checkout',
    payload: { items: [{ listingId: '999999', priceCents: 1_000 }] },
  },
  {
    scope: 'buy',
    name: 'make offer',
    method: 'POST',
    url: '/api/listings/999999/offers',
    payload: { amountCents: 1_000 },
  },
  { scope: 'buy', name: 'accept offer', method: 'POST', url: '/api/offers/999999/accept' },
  {
    scope: 'buy',
    name: 'counter offer',
    method: 'POST',
    url: '/api/offers/999999/counter',
    payload: { amountCents: 2_000 },
  },
  {
    scope: 'list',
    name: 'create listing',
    method: 'POST',
    url: '/api/listings',
    payload: { domain: 'restricted-seller.com', mode: 'fixed', priceCents: 1_000 },
  },
  { scope: 'list', name: 'import', method: 'POST', url: '/api/listings/import', payload: { lines: 'a-b-c.com 12' } },
  { scope: 'list', name: 'relist', method: 'POST', url: '/api/listings/999999', payload: { action: 'relist' } },
  { scope: 'list', name: 'quick listed', method: 'POST', url: '/api/listings/999999/quick', payload: { listed: true } },
  {
    scope: 'settle',
    name: 'settlement',
    method: 'POST',
    url: '/api/funds/settlements',
    payload: { amountCents: 10_000, target: 'balance' },
  },
];

/** Actions near the restricted ones that no scope refuses. */
const NEVER_RESTRICTED: Omit<Action, 'scope'>[] = [
  { name: 'reject offer', method: 'POST', url: '/api/offers/999999/reject' },
  { name: 'take down', method: 'POST', url: '/api/listings/999999', payload: { action: 'take_down' } },
  { name: 'quick pause', method: 'POST', url: '/api/listings/999999/quick', payload: { listed: false } },
  { name: 'exit auction', method: 'POST', url: '/api/auctions/999999/exit' },
  { name: 'orders', method: 'GET', url: '/api/orders' },
  { name: 'funds summary', method: 'GET', url: '/api/funds/summary' },
];

describe.each(enginesFor('app'))('account restrictions (%s)', (engine) => {
  let t: TestContext;
  let support: SignedIn;
  let finance: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    support = await signIn(t, 'support');
    finance = await signIn(t, 'finance');
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });
  // Access tokens are short-lived and some tests move the clock: the operators sign in afresh.
  beforeEach(async () => {
    for (const who of [support, finance, admin]) who.headers = await sessionHeaders(t, who.user.id);
  });

  const send = (headers: Record<string, string>, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  const restrict = (who: SignedIn, accountNo: string, body: object, lang: Record<string, string> = EN) =>
    send({ ...who.headers, ...lang }, 'POST', `/api/admin/users/${accountNo}/restrictions`, body);
  const lift = (who: SignedIn, accountNo: string, body?: object) =>
    send({ ...who.headers, ...EN }, 'DELETE', `/api/admin/users/${accountNo}/restrictions`, body);
  const messages = async (who: SignedIn) =>
    (await send({ ...who.headers, ...EN }, 'GET', '/api/messages')).json().data.items as {
      kind: string;
      title: string;
      body: string;
    }[];

  it('each scope refuses exactly its actions, naming the reason, in both languages', async () => {
    for (const scope of ['bid', 'buy', 'list', 'settle'] as const) {
      const user = await signIn(t);
      const reason = `Suspicious ${scope} activity`;
      const res = await restrict(support, user.user.accountNo, { scopes: [scope], reason });
      expect(res.statusCode, res.body).toBe(200);
      for (const action of ACTIONS) {
        for (const lang of [EN, ZH]) {
          const answer = await send({ ...user.headers, ...lang }, action.method, action.url, action.payload);
          const body = answer.json();
          if (action.scope === scope) {
            expect(answer.statusCode, `${scope}: ${action.name}`).toBe(403);
            expect(body.code).toBe('Account.Restricted');
            expect(body.message).toBe(lang === EN ? RESTRICTED_EN : RESTRICTED_ZH);
            expect(body.data).toEqual({ scopes: [scope], reason, until: null });
          } else {
            expect(body.code, `${scope} must not refuse ${action.name}: ${answer.body}`).not.toBe('Account.Restricted');
          }
        }
      }
      for (const action of NEVER_RESTRICTED) {
        const answer = await send(user.headers, action.method, action.url, action.payload);
        expect(answer.json().code, `${scope}: ${action.name}`).not.toBe('Account.Restricted');
      }
    }
  });

  it('a user sees their own restriction; several scopes at once; none for others', async () => {
    const user = await signIn(t);
    const other = await signIn(t);
    const until = new Date(t.clock.now().getTime() + 3 * 24 * 3600 * 1000).toISOString();
    await restrict(support, user.user.accountNo, { scopes: ['bid', 'buy'], reason: 'Unpaid orders', until });
    const mine = await send(user.headers, 'GET', '/api/account-manage/get-restrictions');
    expect(mine.json().data).toEqual({ restriction: { scopes: ['bid', 'buy'], reason: 'Unpaid orders', until } });
    const theirs = await send(other.headers, 'GET', '/api/account-manage/get-restrictions');
    expect(theirs.json().data).toEqual({ restriction: null });
    const bid = await send(user.headers, 'POST', ACTIONS[0]!.url, ACTIONS[0]!.payload);
    expect(bid.json()).toMatchObject({ code: 'Account.Restricted', data: { scopes: ['bid', 'buy'], until } });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/account-manage/get-restrictions' });
    expect(visitor.statusCode).toBe(401);
  });

  it('stops applying once its end has passed; the sweeper records the end and tells the user', async () => {
    const user = await signIn(t);
    const until = new Date(t.clock.now().getTime() + 3600 * 1000).toISOString();
    await restrict(support, user.user.accountNo, { scopes: ['bid'], reason: 'Cooling off', until });
    const bid = ACTIONS[0]!;
    expect((await send(user.headers, bid.method, bid.url, bid.payload)).json().code).toBe('Account.Restricted');
    t.clock.advance(3600);
    const headers = await sessionHeaders(t, user.user.id);
    expect((await send(headers, bid.method, bid.url, bid.payload)).json().code).not.toBe('Account.Restricted');
    expect((await send(headers, 'GET', '/api/account-manage/get-restrictions')).json().data.restriction).toBeNull();

    await t.app.platform.sweeper.runOnce();
    await t.app.platform.sweeper.runOnce();
    support.headers = await sessionHeaders(t, support.user.id);
    const view = (await send(support.headers, 'GET', `/api/admin/users/${user.user.accountNo}/restrictions`)).json()
      .data;
    expect(view.current).toBeNull();
    expect(view.history[0]).toMatchObject({ status: 'ended', liftedAt: until, liftedBy: null });
    const ended = (await send(support.headers, 'GET', `/api/admin/users/${user.user.accountNo}`)).json().data.history;
    expect(ended[0]).toMatchObject({ action: 'restriction_ended', actor: 'system' });
    const inbox = await messages({ user: user.user, headers });
    expect(inbox.filter((m) => m.kind === 'account_restriction_lifted')).toHaveLength(1);
  });

  it('lifting allows again at once, is audited and messaged; lifting nothing is Restriction.NotFound', async () => {
    const user = await signIn(t);
    await restrict(support, user.user.accountNo, { scopes: ['settle'], reason: 'Chargeback under review' });
    const settle = ACTIONS.find((a) => a.scope === 'settle')!;
    expect((await send(user.headers, settle.method, settle.url, settle.payload)).json().code).toBe(
      'Account.Restricted',
    );
    const lifted = await lift(admin, user.user.accountNo, { reason: 'Chargeback resolved' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data.current).toBeNull();
    expect(lifted.json().data.history[0]).toMatchObject({
      status: 'lifted',
      liftedBy: admin.user.accountNo,
      liftReason: 'Chargeback resolved',
      createdBy: support.user.accountNo,
    });
    expect((await send(user.headers, settle.method, settle.url, settle.payload)).json().code).not.toBe(
      'Account.Restricted',
    );
    const history = (await send(support.headers, 'GET', `/api/admin/users/${user.user.accountNo}`)).json().data.history;
    expect(history.slice(0, 2)).toMatchObject([
      { action: 'lift_restriction', actor: admin.user.accountNo, reason: 'Chargeback resolved' },
      { action: 'restrict', actor: support.user.accountNo, toStatus: 'settle' },
    ]);
    const inbox = await messages(user);
    expect(inbox.map((m) => m.kind).slice(0, 2)).toEqual(['account_restriction_lifted', 'account_restricted']);
    expect(inbox[1]!.body).toContain('Chargeback under review');
    expect(inbox[0]!.body).toContain('Chargeback resolved');

    const again = await lift(support, user.user.accountNo);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('Restriction.NotFound');
  });

  it('a seller restricted from listing cannot send a refused listing back to review by editing it', async () => {
    const user = await signIn(t);
    const listing = await insertListing(t.app.platform.db, user.user.id, 'refused-once.com', t.clock.now(), {
      status: 'review_failed',
      listedAt: null,
      reviewReason: 'Description links elsewhere',
    });
    await restrict(support, user.user.accountNo, { scopes: ['list'], reason: 'Listing spam' });
    const edit = await send({ ...user.headers, ...EN }, 'POST', `/api/listings/${listing.id}`, {
      descriptionEn: 'A plain description now',
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe('Account.Restricted');
    const [row] = await t.app.platform.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row?.status).toBe('review_failed');
    expect(row?.descriptionEn).not.toBe('A plain description now');
    await lift(support, user.user.accountNo);
    const again = await send({ ...user.headers, ...EN }, 'POST', `/api/listings/${listing.id}`, {
      descriptionEn: 'A plain description now',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('pending_review');
  });

  it('a new restriction replaces the current one', async () => {
    const user = await signIn(t);
    await restrict(support, user.user.accountNo, { scopes: ['bid'], reason: 'First' });
    const second = await restrict(support, user.user.accountNo, { scopes: ['buy', 'list'], reason: 'Second' });
    const view = second.json().data;
    expect(view.current).toMatchObject({ scopes: ['buy', 'list'], reason: 'Second', status: 'active' });
    expect(view.history.map((r: { status: string }) => r.status)).toEqual(['active', 'lifted']);
    const bid = ACTIONS[0]!;
    expect((await send(user.headers, bid.method, bid.url, bid.payload)).json().code).not.toBe('Account.Restricted');
  });

  it('restrictions made at the same moment leave one in force, so one lift frees the account', async () => {
    const user = await signIn(t);
    const made = await Promise.all(
      ['bid', 'buy', 'list', 'settle'].map((scope) =>
        restrict(support, user.user.accountNo, { scopes: [scope], reason: `At once ${scope}` }),
      ),
    );
    for (const res of made) expect(res.statusCode, res.body).toBe(200);
    const view = (await send(support.headers, 'GET', `/api/admin/users/${user.user.accountNo}/restrictions`)).json()
      .data;
    expect(view.history.filter((r: { status: string }) => r.status === 'active')).toHaveLength(1);
    expect((await lift(admin, user.user.accountNo)).statusCode).toBe(200);
    for (const action of ACTIONS) {
      const res = await send(user.headers, action.method, action.url, action.payload);
      expect(res.json().code, action.name).not.toBe('Account.Restricted');
    }
  });

  it('support and admins restrict and lift; finance and users are refused; operators cannot be restricted', async () => {
    const user = await signIn(t);
    const plain = await signIn(t);
    const body = { scopes: ['bid'], reason: 'Role check' };
    for (const who of [finance, plain]) {
      const res = await restrict(who, user.user.accountNo, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'Account.Forbidden' });
      const off = await lift(who, user.user.accountNo);
      expect(off.json().code).toBe('Account.Forbidden');
    }
    // Finance may see the history (the user detail page), users may not.
    expect(
      (await send(finance.headers, 'GET', `/api/admin/users/${user.user.accountNo}/restrictions`)).statusCode,
    ).toBe(200);
    expect((await send(plain.headers, 'GET', `/api/admin/users/${user.user.accountNo}/restrictions`)).statusCode).toBe(
      403,
    );
    expect((await restrict(admin, user.user.accountNo, body)).statusCode).toBe(200);
    expect((await lift(support, user.user.accountNo)).statusCode).toBe(200);
    const operator = await restrict(admin, finance.user.accountNo, body);
    expect(operator.json().code).toBe('Restriction.OperatorAccount');
    const unknown = await restrict(admin, '99999999', body);
    expect(unknown.json().code).toBe('Admin.UserNotFound');
  });

  it('refuses bad input with field errors: no scope, an unknown scope, no reason, an end in the past', async () => {
    const user = await signIn(t);
    const past = new Date(t.clock.now().getTime() - 1000).toISOString();
    for (const body of [
      { scopes: [], reason: 'x reason' },
      { scopes: ['fly'], reason: 'x reason' },
      { scopes: ['bid', 'bid'], reason: 'x reason' },
      { scopes: ['bid'], reason: ' ' },
      { scopes: ['bid'], reason: 'Late', until: past },
      { scopes: ['bid'], reason: 'Bad date', until: '2026-02-30T00:00:00Z' },
    ]) {
      const res = await restrict(support, user.user.accountNo, body, ZH);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('Request.Invalid');
    }
    const late = await restrict(support, user.user.accountNo, { scopes: ['bid'], reason: 'Late', until: past });
    expect(late.json().data.fields.until).toBe('The end must be in the future');
  });

  it('signin: ends the sessions at once and refuses sign-in with the reason; lifting lets the user in', async () => {
    const user = await signIn(t);
    const login = async (lang = EN) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { ...(await csrfHeaders(t.app)), ...lang },
        payload: { email: user.user.email, password: 'Passw0rd!x' },
      });
    expect((await send(user.headers, 'GET', '/api/funds/summary')).statusCode).toBe(200);
    // With an Idempotency-Key, as the console sends it: the sessions end in the request's own transaction.
    const keyed = { ...EN, 'idempotency-key': `restrict-${user.user.accountNo}` };
    const imposed = await restrict(
      support,
      user.user.accountNo,
      { scopes: ['signin'], reason: 'Account takeover suspected' },
      keyed,
    );
    expect(imposed.statusCode, imposed.body).toBe(200);
    const afterwards = await send(user.headers, 'GET', '/api/funds/summary');
    expect(afterwards.statusCode).toBe(401);
    for (const lang of [EN, ZH]) {
      const refused = await login(lang);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'Account.Restricted',
        message: lang === EN ? RESTRICTED_EN : RESTRICTED_ZH,
        data: { scopes: ['signin'], reason: 'Account takeover suspected', until: null },
      });
      expect(refused.cookies.find((c) => c.name === 'nb_at')).toBeUndefined();
    }
    // A wrong password says nothing of the restriction.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: await csrfHeaders(t.app),
      payload: { email: user.user.email, password: 'Wrong-pass1' },
    });
    expect(wrong.json().code).toBe('Account.InvalidCredentials');
    await lift(support, user.user.accountNo);
    const signedIn = await login();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('api: refuses every request made with an API key, while the browser session still works', async () => {
    const user = await signIn(t);
    const created = await send(user.headers, 'POST', '/api/account-manage/create-ak', {});
    expect(created.statusCode, created.body).toBe(200);
    const { keyId, secret } = created.json().data as { keyId: string; secret: string };
    const bearer = { authorization: `Bearer ${keyId}.${secret}`, ...ZH };
    expect((await send(bearer, 'GET', '/api/funds/summary')).statusCode).toBe(200);
    await restrict(support, user.user.accountNo, { scopes: ['api'], reason: 'Scraping' });
    for (const [method, url] of [
      ['GET', '/api/funds/summary'],
      ['GET', '/api/orders'],
      ['POST', '/api/auctions/999999/bids'],
    ] as const) {
      const refused = await send(bearer, method, url, method === 'POST' ? { amountCents: 1_000 } : undefined);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'Account.Restricted', message: RESTRICTED_ZH });
    }
    expect((await send(user.headers, 'GET', '/api/funds/summary')).statusCode).toBe(200);
  });

  it('lists Account.Restricted in the OpenAPI document of the routes it can refuse', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const codes = (path: string, method: string) =>
      JSON.stringify(spec.paths[path][method].responses['403'] ?? {}).includes('Account.Restricted');
    expect(codes('/api/auctions/{auctionId}/bids', 'post')).toBe(true);
    expect(codes('/api/funds/settlements', 'post')).toBe(true);
    expect(codes('/api/account/login', 'post')).toBe(true);
    expect(RESTRICTION_SCOPES).toHaveLength(6);
  });
});
