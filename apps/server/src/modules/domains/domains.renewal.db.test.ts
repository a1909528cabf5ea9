import { tldPrice, withTaxCents } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { requireSimulator } from '../../adapters/registrar/simulator.ts';
import { checkBooks, getBalances } from '../ledger/ledger.service.ts';
import { getOrderBySource } from '../orders/orders.service.ts';
import { buildMoneyTestApp, credit, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { findDomainByName, listDomainOperations, updateDomainIf } from './domains.repository.ts';
import { deliverDomain } from './domains.service.ts';

const EN = { 'accept-language': 'en-US' };
const DAY = 86_400_000;
const MINUTE = 60_000;

type Who = { user: { id: bigint }; headers: Record<string, string> };

describe.each(enginesFor('sql'))('renewal and redemption (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sim = () => requireSimulator(t.app.platform.registrar);
  let seq = 0;
  /** A .com domain of the user expiring in `expiresInDays` (negative: expired), in `status`. */
  async function give(userId: bigint, expiresInDays: number, status: 'normal' | 'renewable' | 'in_redemption') {
    seq += 1;
    const name = `renew${seq}-${engine}-${Date.now().toString(36)}.com`;
    const now = t.clock.now();
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId,
        domain: name,
        registrar: 'GoDaddy',
        registeredAt: new Date(now.getTime() - 400 * DAY),
        expiresAt: new Date(now.getTime() + expiresInDays * DAY),
        orderId: `OR${seq}${engine}`,
        now,
      }),
    );
    if (status !== 'normal') await updateDomainIf(t.app.platform.db, row.id, {}, { status });
    sim().steer(name, { latencySeconds: 60 });
    return { name, expiresAt: row.expiresAt as Date };
  }
  const post = (who: Who, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...EN }, payload });
  const available = async (userId: bigint) => (await getBalances(t.app.platform.db, userId)).availableCents;
  const escrow = async () =>
    (await checkBooks(t.app.platform.db, t.clock.now(), async (id) => id)).platform.escrow ?? 0;
  const kinds = async (who: Who) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/messages', headers: { ...who.headers, ...EN } })).json().data
        .items as { kind: string }[]
    ).map((m) => m.kind);
  async function sweepAfter(ms: number, who: Who) {
    t.clock.advance(ms / 1000);
    await t.app.platform.sweeper.runOnce();
    who.headers = await sessionHeaders(t, who.user.id);
  }
  const price = (years: number) => withTaxCents(tldPrice('com').renewalCents * years);

  it('renews: the order is paid from the balance, the expiry moves on, the order completes', async () => {
    const who = await signIn(t);
    await credit(t, who.user.id, 10_000);
    const { name, expiresAt } = await give(who.user.id, 20, 'renewable');
    const escrowBefore = await escrow();

    const res = await post(who, `/api/domains/${name}/renew`, { years: 2 });
    expect(res.json()).toMatchObject({ code: '200', data: { amountCents: price(2), status: 'renewing' } });
    const { orderId } = res.json().data;
    expect(await available(who.user.id)).toBe(10_000 - price(2));
    expect((await escrow()) - escrowBefore).toBe(price(2));
    expect(await findDomainByName(t.app.platform.db, name)).toMatchObject({
      status: 'renewing',
      pendingOperation: 'renew',
    });
    // A second renewal while one is in flight is refused.
    expect((await post(who, `/api/domains/${name}/renew`, { years: 1 })).json()).toMatchObject({
      code: 'Domain.RenewalFailed',
      data: { reason: 'in_progress' },
    });

    await sweepAfter(2 * MINUTE, who);
    const row = await findDomainByName(t.app.platform.db, name);
    expect(row).toMatchObject({ status: 'normal', pendingOperation: null });
    const expected = new Date(expiresAt);
    expected.setUTCFullYear(expected.getUTCFullYear() + 2);
    expect(row?.expiresAt?.toISOString()).toBe(expected.toISOString());
    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: who.headers })).json()
      .data;
    expect(order).toMatchObject({ status: 'completed', amountCents: price(2) });
    expect(await escrow()).toBe(escrowBefore);
    expect(await available(who.user.id)).toBe(10_000 - price(2));
    expect(await kinds(who)).toContain('domain_renewed');
  });

  it('a retried renewal with the same Idempotency-Key charges once and answers the same', async () => {
    const who = await signIn(t);
    await credit(t, who.user.id, 10_000);
    const { name } = await give(who.user.id, 100, 'normal');
    const renew = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/domains/${name}/renew`,
        headers: { ...who.headers, ...EN, 'idempotency-key': `renew-${name}` },
        payload: { years: 1 },
      });
    const first = await renew();
    const second = await renew();
    expect(first.json().code).toBe('200');
    expect(second.json().data.orderId).toBe(first.json().data.orderId);
    expect(await available(who.user.id)).toBe(10_000 - price(1));
    // The operation is submitted once the request's transaction committed (then it has a ticket).
    const row = await findDomainByName(t.app.platform.db, name);
    await vi.waitFor(async () => {
      const ops = await listDomainOperations(t.app.platform.db, row!.id);
      expect(ops).toHaveLength(1);
      expect(ops[0]?.ticket).not.toBeNull();
    });
    await sweepAfter(2 * MINUTE, who);
    expect((await findDomainByName(t.app.platform.db, name))?.status).toBe('normal');
    expect(await kinds(who)).toContain('domain_renewed');
  });

  it('a failed renewal refunds the order and returns the domain', async () => {
    const who = await signIn(t);
    await credit(t, who.user.id, 5_000);
    const { name } = await give(who.user.id, 200, 'normal');
    sim().steer(name, { failOperations: 'registry rejected the renewal' });
    const { orderId } = (await post(who, `/api/domains/${name}/renew`, { years: 1 })).json().data;
    expect(await available(who.user.id)).toBe(5_000 - price(1));
    await sweepAfter(2 * MINUTE, who);
    expect(await available(who.user.id)).toBe(5_000);
    expect(await findDomainByName(t.app.platform.db, name)).toMatchObject({ status: 'normal', pendingOperation: null });
    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: who.headers })).json()
      .data;
    expect(order.status).toBe('refunded');
    expect(await kinds(who)).toContain('domain_renewal_failed');
  });

  it('refuses without enough balance (nothing changes) and outside normal/renewable', async () => {
    const who = await signIn(t);
    await credit(t, who.user.id, 1_000);
    const { name } = await give(who.user.id, 100, 'normal');
    const short = await post(who, `/api/domains/${name}/renew`, { years: 1 });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({
      code: 'Funds.InsufficientBalance',
      data: { requiredCents: price(1), availableCents: 1_000 },
    });
    expect(await available(who.user.id)).toBe(1_000);
    expect((await findDomainByName(t.app.platform.db, name))?.status).toBe('normal');
    const row = await findDomainByName(t.app.platform.db, name);
    // The rolled-back order left nothing behind either.
    expect(await getOrderBySource(t.app.platform.db, 'renewal', `d${row?.id}-${t.clock.now().getTime()}`)).toBe(
      undefined,
    );

    const expired = await give(who.user.id, -5, 'in_redemption');
    expect((await post(who, `/api/domains/${expired.name}/renew`, { years: 1 })).json()).toMatchObject({
      code: 'Domain.RenewalFailed',
      data: { reason: 'not_renewable' },
    });
    expect((await post(who, `/api/domains/${name}/renew`, { years: 11 })).json().code).toBe('Request.Invalid');
    const other = await signIn(t);
    expect((await post(other, `/api/domains/${name}/renew`, { years: 1 })).json().code).toBe('Domain.NotFound');
  });

  it('the batch renews each domain on its own: a partial success with the reasons', async () => {
    const who = await signIn(t);
    await credit(t, who.user.id, 2 * price(1) + 100);
    const a = await give(who.user.id, 100, 'normal');
    const b = await give(who.user.id, 10, 'renewable');
    const gone = await give(who.user.id, -3, 'in_redemption');
    const c = await give(who.user.id, 100, 'normal');
    const res = await post(who, '/api/domains/batch', {
      action: 'renew',
      names: [a.name, b.name, gone.name, c.name],
      years: 1,
    });
    const report = res.json().data;
    expect(report.succeeded).toEqual([a.name, b.name]);
    expect(report.failed).toEqual([
      { name: gone.name, code: 'Domain.RenewalFailed', message: 'Renewal failed: This domain cannot be renewed now' },
      expect.objectContaining({ name: c.name, code: 'Funds.InsufficientBalance' }),
    ]);
    expect(await available(who.user.id)).toBe(100);
    expect((await findDomainByName(t.app.platform.db, c.name))?.status).toBe('normal');
  });

  it('redeems only in the redemption period, at the restore fee; a failure refunds it', async () => {
    const who = await signIn(t);
    await credit(t, who.user.id, 30_000);
    const fee = withTaxCents(tldPrice('com').redemptionCents);
    const { name: healthy } = await give(who.user.id, 200, 'normal');
    expect((await post(who, `/api/domains/${healthy}/redeem`)).json()).toMatchObject({
      code: 'Domain.RedemptionFailed',
      data: { reason: 'not_redeemable' },
    });

    const { name } = await give(who.user.id, -5, 'in_redemption');
    const res = await post(who, `/api/domains/${name}/redeem`);
    expect(res.json()).toMatchObject({ code: '200', data: { amountCents: fee, status: 'pending_activation' } });
    expect(await available(who.user.id)).toBe(30_000 - fee);
    await sweepAfter(2 * MINUTE, who);
    const row = await findDomainByName(t.app.platform.db, name);
    expect(row).toMatchObject({ status: 'normal', pendingOperation: null });
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 300 * DAY);
    expect(await kinds(who)).toContain('domain_redeemed');

    const { name: failing } = await give(who.user.id, -5, 'in_redemption');
    sim().steer(failing, { failOperations: 'registry: restore window closed' });
    await post(who, `/api/domains/${failing}/redeem`);
    expect(await available(who.user.id)).toBe(30_000 - 2 * fee);
    await sweepAfter(2 * MINUTE, who);
    expect(await available(who.user.id)).toBe(30_000 - fee);
    expect((await findDomainByName(t.app.platform.db, failing))?.status).toBe('in_redemption');
    expect(await kinds(who)).toContain('domain_redemption_failed');
  });
});
