import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { requireSimulator } from '../../adapters/registrar/simulator.ts';
import { listMessages } from '../messages/messages.service.ts';
import { buildMoneyTestApp, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { updateDomainIf } from './domains.repository.ts';
import { deliverDomain } from './domains.service.ts';

const EN = { 'accept-language': 'en-US' };
const DAY = 86_400_000;

describe.each(enginesFor('app'))('My domains (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  let seq = 0;
  async function give(
    userId: bigint,
    name?: string,
    extra: { expiresInDays?: number; reclaimableForDays?: number } = {},
  ) {
    seq += 1;
    const domain = name ?? `held${seq}-${engine}.com`;
    const now = t.clock.now();
    return t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: new Date(now.getTime() - 400 * DAY),
        expiresAt: new Date(now.getTime() + (extra.expiresInDays ?? 300) * DAY),
        orderId: `O${seq}${engine}`,
        reclaimableUntil:
          extra.reclaimableForDays === undefined ? null : new Date(now.getTime() + extra.reclaimableForDays * DAY),
        now,
      }),
    );
  }
  const get = (headers: Record<string, string>, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...EN } });
  const post = (headers: Record<string, string>, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, ...EN }, payload: payload as object });
  /** Moves the clock, sweeps, and signs the user in again (access tokens are short-lived). */
  async function sweepAfter(ms: number, who?: { user: { id: bigint }; headers: Record<string, string> }) {
    t.clock.advance(ms / 1000);
    await t.app.platform.sweeper.runOnce();
    if (who) who.headers = await sessionHeaders(t, who.user.id);
  }

  it('lists only my domains, with filters, sort and paging', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await give(a.user.id, `alpha-${engine}.com`, { expiresInDays: 10 });
    await give(a.user.id, `beta-${engine}.net`, { expiresInDays: 200 });
    await give(a.user.id, `gamma-${engine}.com`, { expiresInDays: 400 });
    await give(b.user.id, `other-${engine}.com`);

    const all = (await get(a.headers, '/api/domains?sort=name_asc')).json().data;
    expect(all.total).toBe(3);
    expect(all.items.map((d: { name: string }) => d.name)).toEqual([
      `alpha-${engine}.com`,
      `beta-${engine}.net`,
      `gamma-${engine}.com`,
    ]);
    const first = all.items[0];
    expect(first).toMatchObject({ status: 'normal', lockStatus: 'closed', renewalPriceCents: 1_099, listed: false });
    expect(new Date(first.transferOutAllowedFrom).getTime() - t.clock.now().getTime()).toBe(60 * DAY);

    const com = (await get(a.headers, '/api/domains?tld=com&sort=expires_desc')).json().data;
    expect(com.items.map((d: { name: string }) => d.name)).toEqual([`gamma-${engine}.com`, `alpha-${engine}.com`]);
    const soon = (await get(a.headers, '/api/domains?expiringWithinDays=30')).json().data;
    expect(soon.items.map((d: { name: string }) => d.name)).toEqual([`alpha-${engine}.com`]);
    const paged = (await get(a.headers, '/api/domains?sort=name_asc&page=2&pageSize=2')).json().data;
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((d: { name: string }) => d.name)).toEqual([`gamma-${engine}.com`]);

    const bad = await get(a.headers, '/api/domains?sort=random&expiringWithinDays=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');

    // Another user's domain is not found, not shown.
    const theirs = await get(a.headers, `/api/domains/other-${engine}.com`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('Domain.NotFound');
  });

  it('groups: create, rename, assign, filter, delete (its domains become ungrouped); notes', async () => {
    const a = await signIn(t);
    const d1 = await give(a.user.id);
    const d2 = await give(a.user.id);
    const created = await post(a.headers, '/api/domain-groups', { name: 'Brandables', description: 'short ones' });
    expect(created.statusCode, created.body).toBe(200);
    const groupId = created.json().data.groupId as string;
    const dup = await post(a.headers, '/api/domain-groups', { name: 'brandables' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('Domain.GroupNameTaken');

    const assigned = await post(a.headers, `/api/domains/${d1.name}/settings`, { groupId, notes: 'renew yearly' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ groupId, group: 'Brandables', notes: 'renew yearly' });

    const renamed = await post(a.headers, `/api/domain-groups/${groupId}`, { name: 'Brands' });
    expect(renamed.json().data).toMatchObject({ name: 'Brands', description: 'short ones', domainCount: 1 });

    const inGroup = (await get(a.headers, `/api/domains?groupId=${groupId}`)).json().data;
    expect(inGroup.items.map((d: { name: string }) => d.name)).toEqual([d1.name]);
    const ungrouped = (await get(a.headers, '/api/domains?groupId=none')).json().data;
    expect(ungrouped.items.map((d: { name: string }) => d.name)).toEqual([d2.name]);

    // Someone else cannot use my group.
    const b = await signIn(t);
    const bDomain = await give(b.user.id);
    const foreign = await post(b.headers, `/api/domains/${bDomain.name}/settings`, { groupId });
    expect(foreign.json().code).toBe('Domain.GroupNotFound');

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/domain-groups/${groupId}`, headers: a.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = (await get(a.headers, `/api/domains/${d1.name}`)).json().data;
    expect(after).toMatchObject({ groupId: null, group: null, notes: 'renew yearly' });
    expect((await get(a.headers, '/api/domain-groups')).json().data.items).toEqual([]);
  });

  it('unlocks asynchronously: opening, then open once the registrar answers; a failure goes back, with a message', async () => {
    const a = await signIn(t);
    const d = await give(a.user.id);
    const res = await post(a.headers, `/api/domains/${d.name}/transfer-lock`, { locked: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ lockStatus: 'opening' });
    expect((await get(a.headers, `/api/domains/${d.name}`)).json().data).toMatchObject({
      lockStatus: 'opening',
      pendingOperation: 'unlock',
    });
    // A second change while the first is in flight is refused with the reason.
    const again = await post(a.headers, `/api/domains/${d.name}/transfer-lock`, { locked: true });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'Domain.TransferLockFailed', data: { reason: 'in_progress' } });

    await sweepAfter(10 * 60_000, a);
    expect((await get(a.headers, `/api/domains/${d.name}`)).json().data).toMatchObject({
      lockStatus: 'open',
      pendingOperation: null,
    });

    requireSimulator(t.app.platform.registrar).steer(d.name, { failOperations: 'registry timeout' });
    const lock = await post(a.headers, `/api/domains/${d.name}/transfer-lock`, { locked: true });
    expect(lock.json().data).toEqual({ lockStatus: 'closing' });
    await sweepAfter(10 * 60_000, a);
    const detail = (await get(a.headers, `/api/domains/${d.name}`)).json().data;
    expect(detail.lockStatus).toBe('open');
    expect(detail.operations[0]).toMatchObject({
      kind: 'lock',
      status: 'failed',
      reason: 'registrar: registry timeout',
    });
    const messages = await listMessages(
      t.app,
      a.user.id,
      { page: 1, pageSize: 10, unread: false },
      {
        locale: 'en-US',
        timezoneOffsetMinutes: 0,
      },
    );
    expect(messages.items.map((m) => m.kind)).toEqual(['domain_lock_failed', 'domain_lock_changed']);
    expect(messages.items[0]?.body).toContain('registry timeout');
    requireSimulator(t.app.platform.registrar).reset(d.name);
  });

  it('refuses lock changes in renewal or redemption periods, and locking a listed domain delists it', async () => {
    const a = await signIn(t);
    const renewing = await give(a.user.id);
    await updateDomainIf(t.app.platform.db, renewing.id, {}, { status: 'in_redemption' });
    const refused = await post(a.headers, `/api/domains/${renewing.name}/transfer-lock`, { locked: false });
    expect(refused.json()).toMatchObject({ code: 'Domain.TransferLockFailed', data: { reason: 'redemption_period' } });
    expect(refused.json().message).toBe('Failed to update transfer lock status');

    const listed = await give(a.user.id);
    await updateDomainIf(t.app.platform.db, listed.id, {}, { lockStatus: 'open', listed: true });
    const res = await post(a.headers, `/api/domains/${listed.name}/transfer-lock`, { locked: true });
    expect(res.json().data).toEqual({ lockStatus: 'closing' });
    expect((await get(a.headers, `/api/domains/${listed.name}`)).json().data.listed).toBe(false);
  });

  it('batch: locks many with a partial-success report and groups many', async () => {
    const a = await signIn(t);
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const d = await give(a.user.id);
      await updateDomainIf(t.app.platform.db, d.id, {}, { lockStatus: 'open' });
      names.push(d.name);
    }
    const blocked = names[4] as string;
    await updateDomainIf(t.app.platform.db, (await give(a.user.id, blocked)).id, {}, { status: 'renewing' });
    const res = await post(a.headers, '/api/domains/batch', { action: 'lock', names: [...names, 'nope-not-mine.com'] });
    expect(res.statusCode, res.body).toBe(200);
    const { succeeded, failed } = res.json().data;
    expect(succeeded.sort()).toEqual(names.slice(0, 4).sort());
    expect(failed).toEqual(
      expect.arrayContaining([
        { name: blocked, code: 'renewal_period', message: 'The domain is being renewed' },
        { name: 'nope-not-mine.com', code: 'not_found', message: 'This domain is not in your account' },
      ]),
    );
    await sweepAfter(10 * 60_000, a);
    const locked = (await get(a.headers, '/api/domains?lock=closed&pageSize=100')).json().data;
    expect(locked.items.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(names.slice(0, 4)));

    const group = (await post(a.headers, '/api/domain-groups', { name: 'Batch' })).json().data;
    const grouped = await post(a.headers, '/api/domains/batch', {
      action: 'group',
      names: names.slice(0, 2),
      groupId: group.groupId,
    });
    expect(grouped.json().data).toEqual({ succeeded: names.slice(0, 2), failed: [] });
    const missing = await post(a.headers, '/api/domains/batch', { action: 'group', names: [] });
    expect(missing.statusCode).toBe(400);
  });

  it('moves domains by their dates: renewable, in redemption, then non-renewable', async () => {
    const a = await signIn(t);
    const d = await give(a.user.id, undefined, { expiresInDays: 40, reclaimableForDays: 5 });
    const status = async () => (await get(a.headers, `/api/domains/${d.name}`)).json().data;
    expect((await status()).reclaimableUntil).not.toBeNull();
    await sweepAfter(11 * DAY, a);
    // The previous holder's window has passed: no longer shown.
    expect(await status()).toMatchObject({ status: 'renewable', reclaimableUntil: null });
    await sweepAfter(30 * DAY, a);
    expect(await status()).toMatchObject({ status: 'in_redemption', redeemable: true, redemptionPriceCents: 8_000 });
    await sweepAfter(31 * DAY, a);
    expect((await status()).status).toBe('non_renewable');
  });
});
