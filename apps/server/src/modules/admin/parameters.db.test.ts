import {
  DEFAULT_PARAMETERS,
  PARAMETER_KEYS,
  type Parameter,
  type ParameterChange,
  PUBLIC_PARAMETER_KEYS,
} from '@namebourse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/open-database.ts';
import { domains, parameters } from '../../db/schema/index.ts';
import type { App } from '../../platform/app-context.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { insertLot } from '../auctions/auctions.test-support.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { insertListing } from '../listings/market.test-support.ts';
import { credit, readyBuyer, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { bindAuthenticatorFor, totpAt } from '../security/security.test-support.ts';
import { auditHistory } from './audit.service.ts';

/**
 * The parameters store (issue 18): admins read and change every business number with a reason
 * (MFA-guarded, history and audit in one transaction), the change takes effect at the very next use
 * (a top-up's fee, a new listing's commission, a bid's deposit), out-of-range values are refused in
 * the reader's language, other roles are refused, visitors read the public values, and a change on
 * one instance is read by another instance on the same PostgreSQL database within a moment.
 */

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const DAY_MS = 86_400_000;

describe.each(enginesFor('app'))('parameters store (%s)', (engine) => {
  let t: TestContext;
  let admin: SignedIn;
  let user: SignedIn;
  let support: SignedIn;
  let finance: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(engine, {}, testSignInRoute);
    admin = await signIn(t, 'admin');
    user = await signIn(t);
    support = await signIn(t, 'support');
    finance = await signIn(t, 'finance');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object, lang = EN) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(who?.headers ?? {}), ...lang },
      ...(payload === undefined ? {} : { payload }),
    });
  const change = (key: string, value: number | boolean, reason = 'market review', who = admin, lang = EN) =>
    call(who, 'POST', `/admin/parameters/${key}`, { value, reason }, lang);
  const changed = async (key: string, value: number | boolean) => {
    const res = await change(key, value);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Parameter;
  };
  const list = async (): Promise<Parameter[]> => {
    const res = await call(admin, 'GET', '/admin/parameters');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const history = async (key: string): Promise<ParameterChange[]> => {
    const res = await call(admin, 'GET', `/admin/parameters/${key}/history`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('lists every parameter with its definition, in the reader’s language, defaults untouched', async () => {
    const rows = await list();
    expect(rows.map((r) => r.key)).toEqual(PARAMETER_KEYS);
    expect(rows.find((r) => r.key === 'rechargeFeeCardBps')).toEqual({
      key: 'rechargeFeeCardBps',
      value: DEFAULT_PARAMETERS.rechargeFeeCardBps,
      type: 'bps',
      group: 'funds',
      defaultValue: DEFAULT_PARAMETERS.rechargeFeeCardBps,
      min: 0,
      max: 2_000,
      public: true,
      description: 'Card top-up fee rate (charged on top)',
      updatedAt: null,
      updatedBy: null,
    });
    expect(rows.find((r) => r.key === 'autoApproveHeldPlain')).toMatchObject({ type: 'boolean', value: true });
    expect(rows.find((r) => r.key === 'autoApproveHeldPlain')).not.toHaveProperty('min');
    const zh = (await call(admin, 'GET', '/admin/parameters', undefined, ZH)).json().data as Parameter[];
    expect(zh.find((r) => r.key === 'rechargeFeeCardBps')?.description).toBe('银行卡充值手续费率（加收）');
  });

  it('lets only admins read and change parameters: finance, support and users get Account.Forbidden', async () => {
    for (const who of [user, support, finance]) {
      for (const res of [
        await call(who, 'GET', '/admin/parameters'),
        await call(who, 'GET', '/admin/parameters/commissionBps/history'),
        await change('commissionBps', 900, 'not mine to change', who),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'Account.Forbidden',
          message: 'You do not have permission to do this',
        });
      }
    }
    expect((await call(null, 'GET', '/admin/parameters')).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/parameters/commissionBps',
      headers: { ...(await csrfHeaders(t.app)), ...EN },
      payload: { value: 900, reason: 'anonymous' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(t.app.platform.parameters.get('commissionBps')).toBe(DEFAULT_PARAMETERS.commissionBps);
    expect(await history('commissionBps')).toEqual([]);
  });

  it('refuses a value of the wrong type or out of bounds with a field message in both languages; nothing changes', async () => {
    const cases: { key: string; value: number | boolean; en: string; zh: string }[] = [
      { key: 'rechargeFeeCardBps', value: 2_001, en: 'Too large (at most 2000)', zh: '数值过大（最多 2000）' },
      { key: 'settlementMinCents', value: 99, en: 'Too small (at least 100)', zh: '数值过小（至少 100）' },
      { key: 'depositRateBps', value: 12.5, en: 'Must be a whole number', zh: '请输入整数' },
      { key: 'taxRateBps', value: true, en: 'Must be a whole number', zh: '请输入整数' },
      { key: 'autoApproveHeldPlain', value: 1, en: 'Choose on or off', zh: '请选择开启或关闭' },
    ];
    for (const c of cases) {
      for (const [lang, text, message] of [
        [EN, c.en, 'Some fields are invalid. Please check and try again'],
        [ZH, c.zh, '请求参数有误，请检查后重试'],
      ] as const) {
        const res = await change(c.key, c.value, 'bad value', admin, lang);
        expect(res.statusCode, `${c.key} ${String(c.value)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'Request.Invalid', message, data: { fields: { value: text } } });
      }
    }
    // A value that is no number or switch at all, and a missing reason: the schema refuses them.
    expect(
      (await call(admin, 'POST', '/admin/parameters/taxRateBps', { value: '700', reason: 'text' })).json().code,
    ).toBe('Request.Invalid');
    expect((await call(admin, 'POST', '/admin/parameters/taxRateBps', { value: 700 })).json().code).toBe(
      'Request.Invalid',
    );
    const rows = await list();
    for (const c of cases) {
      const key = c.key as keyof typeof DEFAULT_PARAMETERS;
      expect(rows.find((r) => r.key === key)).toMatchObject({ value: DEFAULT_PARAMETERS[key], updatedAt: null });
      expect(await history(key)).toEqual([]);
      expect(t.app.platform.parameters.get(key)).toBe(DEFAULT_PARAMETERS[key]);
    }
  });

  it('answers Parameter.NotFound for an unknown key and Parameter.Unchanged for the value in force', async () => {
    for (const res of [
      await change('noSuchThing', 5),
      await call(admin, 'GET', '/admin/parameters/noSuchThing/history'),
      await change('__proto__', 5),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'Parameter.NotFound', message: 'This parameter does not exist' });
    }
    const same = await change('externalDeliveryDays', DEFAULT_PARAMETERS.externalDeliveryDays);
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'Parameter.Unchanged',
      message: 'The new value is the same as the current one; nothing was changed',
    });
    expect(await history('externalDeliveryDays')).toEqual([]);
    expect(await auditHistory(t.app, 'parameter', 'externalDeliveryDays')).toEqual([]);
  });

  it('records each change in the history (newest first) and the audit log, and shows who set it', async () => {
    const first = await changed('transferOutWaitDays', 45);
    expect(first).toMatchObject({
      key: 'transferOutWaitDays',
      value: 45,
      updatedBy: admin.user.accountNo,
      updatedAt: t.clock.now().toISOString(),
    });
    t.clock.advance(60);
    admin.headers = await sessionHeaders(t, admin.user.id);
    const res = await change('transferOutWaitDays', 30, 'back to thirty days');
    expect(res.statusCode).toBe(200);
    const steps = await history('transferOutWaitDays');
    expect(steps).toEqual([
      expect.objectContaining({
        key: 'transferOutWaitDays',
        oldValue: 45,
        newValue: 30,
        reason: 'back to thirty days',
        actor: admin.user.accountNo,
      }),
      expect.objectContaining({
        oldValue: DEFAULT_PARAMETERS.transferOutWaitDays,
        newValue: 45,
        reason: 'market review',
        actor: admin.user.accountNo,
      }),
    ]);
    const audit = await auditHistory(t.app, 'parameter', 'transferOutWaitDays');
    expect(audit.map((a) => [a.action, a.fromStatus, a.toStatus, a.reason, a.actor, a.actorRole])).toEqual([
      ['parameter.changed', '45', '30', 'back to thirty days', admin.user.accountNo, 'admin'],
      [
        'parameter.changed',
        String(DEFAULT_PARAMETERS.transferOutWaitDays),
        '45',
        'market review',
        admin.user.accountNo,
        'admin',
      ],
    ]);
    expect((await list()).find((r) => r.key === 'transferOutWaitDays')).toMatchObject({
      value: 30,
      updatedBy: admin.user.accountNo,
    });
    expect(t.app.platform.parameters.get('transferOutWaitDays')).toBe(30);
  });

  it('asks an admin with a second factor for MFA before changing anything', async () => {
    const guarded = await signIn(t, 'admin');
    const secret = await bindAuthenticatorFor(t, guarded.headers);
    guarded.headers = await sessionHeaders(t, guarded.user.id);
    const asked = await change('goodwillCreditCents', 500, 'goodwill for redemptions', guarded);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: 'Account.Mfa.Required', data: { challengeReason: 'UPDATE_PARAMETER' } });
    expect(t.app.platform.parameters.get('goodwillCreditCents')).toBe(DEFAULT_PARAMETERS.goodwillCreditCents);
    expect(await history('goodwillCreditCents')).toEqual([]);

    const done = await call(guarded, 'POST', '/admin/parameters/goodwillCreditCents', {
      value: 500,
      reason: 'goodwill for redemptions',
      mfaVerification: {
        challengeId: asked.json().data.challengeId,
        factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }],
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(t.app.platform.parameters.get('goodwillCreditCents')).toBe(500);
  });

  it('catches up with a change whose reload event never arrived at the next sweep', async () => {
    // A change committed by another instance while this one's listener was reconnecting: the row is there,
    // the event is lost. The sweeper's periodic check reads it.
    const before = t.app.platform.parameters.get('settlementMinCents');
    const lost = before + 100;
    await t.database.db
      .insert(parameters)
      .values({ key: 'settlementMinCents', value: lost, updatedAt: t.clock.now(), updatedBy: null })
      .onConflictDoUpdate({ target: parameters.key, set: { value: lost } });
    expect(t.app.platform.parameters.get('settlementMinCents')).toBe(before);
    await t.app.platform.sweeper.runOnce();
    expect(t.app.platform.parameters.get('settlementMinCents')).toBe(lost);
    const shown = await call(null, 'GET', '/parameters/public');
    expect(shown.json().data.settlementMinCents).toBe(lost);
    await t.database.db.delete(parameters).where(eq(parameters.key, 'settlementMinCents'));
    await t.app.platform.parameters.reload();
  });

  it('shows visitors the public values only, without sign-in, cacheable for a moment at most', async () => {
    await changed('rechargeFeeAlipayBps', 175);
    const res = await t.app.inject({ method: 'GET', url: '/api/parameters/public' });
    expect(res.statusCode).toBe(200);
    const values = res.json().data as Record<string, number | boolean>;
    expect(Object.keys(values).sort()).toEqual([...PUBLIC_PARAMETER_KEYS].sort());
    expect(values).not.toHaveProperty('goodwillCreditCents');
    expect(values).not.toHaveProperty('autoApproveHeldPlain');
    expect(values.rechargeFeeAlipayBps).toBe(175);
    expect(values.depositMinCents).toBe(t.app.platform.parameters.get('depositMinCents'));
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeLessThanOrEqual(5);
  });

  it('charges the next top-up at the card fee an admin just set', async () => {
    const payer = await readyBuyer(t, 0);
    const quote = async () => {
      const res = await call(payer, 'POST', '/funds/recharge', { amountCents: 10_000, method: 'card' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { feeCents: number; totalCents: number };
    };
    expect(await quote()).toMatchObject({ feeCents: 300, totalCents: 10_300 });
    await changed('rechargeFeeCardBps', 450);
    expect(await quote()).toMatchObject({ feeCents: 450, totalCents: 10_450 });
    // The Alipay rate is its own parameter.
    const alipay = await call(payer, 'POST', '/funds/recharge', { amountCents: 10_000, method: 'alipay' });
    expect(alipay.json().data).toMatchObject({ feeCents: t.app.platform.parameters.get('rechargeFeeAlipayBps') });
  });

  it('freezes the deposit of the rule in force at the next bid', async () => {
    const bidder = await readyBuyer(t, 100_000);
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const bid = (amountCents: number, maxAmountCents: number) =>
      call(bidder, 'POST', `/auctions/${lot.id}/bids`, { amountCents, maxAmountCents });
    const frozen = async () => (await getBalances(t.app.platform.db, bidder.user.id)).frozenCents;

    expect((await bid(1_000, 20_000)).statusCode).toBe(200);
    expect(await frozen()).toBe(2_000); // max($10, 10% of $200)

    await changed('depositRateBps', 2_500);
    await changed('depositMinCents', 1_500);
    const shown = (await call(null, 'GET', `/auctions/${lot.id}`)).json().data;
    expect(shown.depositCents).toBe(1_500); // the next bid at the minimum: max($15, 25% of $11)
    expect((await bid(1_100, 30_000)).statusCode).toBe(200);
    expect(await frozen()).toBe(7_500); // topped up to 25% of $300
  });

  it('nets a new listing’s sale at the new commission while a fee-locked listing keeps its rate', async () => {
    const seller = await readyBuyer(t, 0);
    const buyer = await readyBuyer(t, 100_000);
    let n = 0;
    const listHeld = async () => {
      n += 1;
      const now = t.clock.now();
      const domain = `feelock${n}x${Date.now().toString(36)}-${engine}.com`;
      const row = await t.app.platform.db.transaction((tx) =>
        deliverDomain(tx, {
          userId: seller.user.id,
          domain,
          registrar: 'NameBourse Registrar',
          registeredAt: new Date(now.getTime() - 400 * DAY_MS),
          expiresAt: new Date(now.getTime() + 300 * DAY_MS),
          orderId: `P${n}${domain}`,
          transferOutWaitDays: 0,
          now,
        }),
      );
      // Listed with its transfer lock off (a held domain can be listed only so).
      await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
      const res = await call(seller, 'POST', '/listings', { domain, mode: 'fixed', priceCents: 10_000 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('on_sale');
      return res.json().data as { listingId: string; domain: string; commissionBps: number };
    };
    const earnings = async () => (await getBalances(t.app.platform.db, seller.user.id)).earningsCents;
    const buyAndDeliver = async (listingId: string) => {
      const res = await call(buyer, 'POST', `/listings/${listingId}/buy`, {});
      expect(res.statusCode, res.body).toBe(200);
      await t.app.platform.sweeper.runOnce();
    };

    const locked = await listHeld();
    expect(locked.commissionBps).toBe(DEFAULT_PARAMETERS.commissionBps);
    await changed('commissionBps', 800);
    const fresh = await listHeld();
    expect(fresh.commissionBps).toBe(800);

    await buyAndDeliver(locked.listingId);
    expect(await earnings()).toBe(9_500); // 5% of $100 under the fee lock
    await buyAndDeliver(fresh.listingId);
    expect(await earnings()).toBe(9_500 + 9_200); // 8% of $100

    // Handed over to the buyer, the domain may leave after the transfer-out wait in force (changed above).
    const wait = t.app.platform.parameters.get('transferOutWaitDays');
    expect(wait).not.toBe(DEFAULT_PARAMETERS.transferOutWaitDays);
    const [moved] = await t.app.platform.db.select().from(domains).where(eq(domains.name, fresh.domain));
    expect(moved?.userId).toBe(buyer.user.id);
    expect(moved?.transferOutAllowedFrom.getTime()).toBe(t.clock.now().getTime() + wait * DAY_MS);
  });
  it('reads the tax rate and the external-delivery deadline at use', async () => {
    const seller = await readyBuyer(t, 0);
    const buyer = await readyBuyer(t, 100_000);
    await changed('taxRateBps', 1_000);
    await changed('externalDeliveryDays', 3);
    const external = await insertListing(
      t.app.platform.db,
      seller.user.id,
      `ext${Date.now().toString(36)}.com`,
      t.clock.now(),
    );
    const bought = await call(buyer, 'POST', `/listings/${external.id}/buy`, {});
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ paid: true, priceCents: 10_000, taxCents: 1_000, amountCents: 11_000 });
    const order = (await call(buyer, 'GET', `/orders/${bought.json().data.orderId}`)).json().data;
    expect(order).toMatchObject({
      taxRateBps: 1_000,
      deliverAt: new Date(t.clock.now().getTime() + 3 * DAY_MS).toISOString(),
    });
  });

  it('sends a held listing with a plain description to review once auto-approval is off', async () => {
    const seller = await readyBuyer(t, 0);
    await changed('autoApproveHeldPlain', false);
    const now = t.clock.now();
    const domain = `review${Date.now().toString(36)}-${engine}.com`;
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId: seller.user.id,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: null,
        expiresAt: new Date(now.getTime() + 300 * DAY_MS),
        orderId: null,
        now,
      }),
    );
    await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
    const res = await call(seller, 'POST', '/listings', { domain, mode: 'fixed', priceCents: 5_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('pending_review');
    await changed('autoApproveHeldPlain', true);
  });

  it('opens API access at the thresholds in force and caps exports at the row limit in force', async () => {
    const someone = await readyBuyer(t, 0);
    const check = async () => (await call(someone, 'GET', '/account-manage/check-can-create-ak')).json().data;
    expect(await check()).toMatchObject({ canCreate: false, reason: 'SPENDING_TOO_LOW' });
    await changed('apiAccessSpentCents', 0);
    await changed('apiAccessAvailableCents', 0);
    expect(await check()).toMatchObject({
      canCreate: true,
      reason: 'OK',
      requiredSpentCents: 0,
      requiredAvailableCents: 0,
    });

    for (let i = 0; i < 101; i++) await credit(t, someone.user.id, 100);
    const exported = () => call(someone, 'GET', '/funds/transactions?format=csv');
    expect((await exported()).statusCode).toBe(200);
    await changed('exportMaxRows', 100);
    const refused = await exported();
    expect(refused.json()).toMatchObject({ code: 'Funds.ExportFailed', data: { maxRows: 100, rows: 101 } });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('parameters on two instances (PostgreSQL)', () => {
  let a: TestContext;
  let b: { app: App; database: Database } | undefined;

  beforeAll(async () => {
    a = await buildTestApp('postgres', {}, testSignInRoute);
    // A second instance on the same database: its own pool, event bus (LISTEN) and parameters store.
    const database = await openDatabase({ databaseUrl: a.config.databaseUrl, pgliteDir: 'memory://', poolSize: 3 });
    const app = await buildApp({ config: a.config, database, clock: new ManualClock(a.clock.now()), logger: false });
    await app.ready();
    b = { app, database };
  }, 120_000);
  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    await a?.close();
  });

  it('reads a change made on the other instance within a moment', async () => {
    const other = b as { app: App };
    expect(other.app.platform.parameters.get('rechargeFeeCardBps')).toBe(DEFAULT_PARAMETERS.rechargeFeeCardBps);
    const admin = await signIn(a, 'admin');
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/parameters/rechargeFeeCardBps',
      headers: { ...admin.headers, ...EN },
      payload: { value: 520, reason: 'two instances' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(a.app.platform.parameters.get('rechargeFeeCardBps')).toBe(520);

    const deadline = Date.now() + 5_000;
    while (other.app.platform.parameters.get('rechargeFeeCardBps') !== 520 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(other.app.platform.parameters.get('rechargeFeeCardBps')).toBe(520);
    const shown = await other.app.inject({ method: 'GET', url: '/api/parameters/public' });
    expect(shown.json().data.rechargeFeeCardBps).toBe(520);
  });
});
