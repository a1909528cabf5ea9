import type { AuditEntry } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { buildMoneyTestApp, type SignedIn, signIn } from '../orders/orders.test-support.ts';
import { recordAudit } from './audit.service.ts';

const EN = { 'accept-language': 'en-US' };

describe.each(enginesFor('app'))('the audit log viewer (%s)', (engine) => {
  let t: TestContext;
  let admin: SignedIn;
  let support: SignedIn;
  let finance: SignedIn;
  let user: SignedIn;
  const start = new Date('2026-01-05T00:00:00.000Z');

  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
    finance = await signIn(t, 'finance');
    user = await signIn(t);
    // Entries on the three days before: finance, the system, an admin; then a support agent's restriction (through the API).
    const at = (days: number, hours = 0) => new Date(start.getTime() + (days * 24 + hours) * 3600 * 1000);
    const db = t.app.platform.db;
    await recordAudit(db, {
      entityType: 'payee',
      entityId: 'P1',
      action: 'approve',
      fromStatus: 'pending_review',
      toStatus: 'approved',
      actor: { id: finance.user.id, role: 'finance' },
      now: at(-3, 2),
    });
    await recordAudit(db, {
      entityType: 'settlement',
      entityId: 'S1',
      action: 'complete',
      toStatus: 'success',
      actor: 'system',
      now: at(-2, 5),
    });
    await recordAudit(db, {
      entityType: 'parameter',
      entityId: 'commissionBps',
      action: 'change',
      reason: 'Promotion',
      actor: { id: admin.user.id, role: 'admin' },
      now: at(-1, 1),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.user.accountNo}/restrictions`,
      headers: { ...support.headers, ...EN },
      payload: { scopes: ['bid'], reason: 'Audit viewer check' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const audit = async (query = '', who: SignedIn = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit${query}`,
      headers: { ...who.headers, ...EN },
    });
    return res;
  };
  const entries = async (query = '') => {
    const res = await audit(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: AuditEntry[]; total: number; page: number; pageSize: number };
  };

  it('lists every entry newest first, with the actor’s account number or system', async () => {
    const page = await entries();
    expect(page.total).toBe(4);
    expect(page.items.map((e) => [e.entityType, e.action, e.actor])).toEqual([
      ['user', 'restrict', support.user.accountNo],
      ['parameter', 'change', admin.user.accountNo],
      ['settlement', 'complete', 'system'],
      ['payee', 'approve', finance.user.accountNo],
    ]);
    expect(page.items[0]).toMatchObject({ entityId: user.user.accountNo, toStatus: 'bid', actorRole: 'support' });
  });

  it('filters by actor, entity and id, action and dates (to inclusive), and pages', async () => {
    const ids = async (query: string) => (await entries(query)).items.map((e) => `${e.entityType}:${e.entityId}`);
    expect(await ids(`?actor=${finance.user.accountNo}`)).toEqual(['payee:P1']);
    expect(await ids('?actor=system')).toEqual(['settlement:S1']);
    expect(await ids('?actor=00000000')).toEqual([]);
    expect(await ids('?entity=parameter')).toEqual(['parameter:commissionBps']);
    expect(await ids(`?entity=user&entityId=${user.user.accountNo}`)).toEqual([`user:${user.user.accountNo}`]);
    expect(await ids('?entity=user&entityId=nobody')).toEqual([]);
    expect(await ids('?action=approve')).toEqual(['payee:P1']);
    expect(await ids('?from=2026-01-03&to=2026-01-03')).toEqual(['settlement:S1']);
    expect(await ids('?from=2026-01-02&to=2026-01-03')).toEqual(['settlement:S1', 'payee:P1']);
    expect(await ids('?from=2026-01-03T05:00:00Z&to=2026-01-04')).toEqual(['parameter:commissionBps', 'settlement:S1']);
    expect(await ids('?to=2026-01-03T04:59:59%2B00:00')).toEqual(['payee:P1']);
    expect(await ids('?from=2026-01-03T13:00%2B08:00&to=2026-01-03T13:00%2B08:00')).toEqual(['settlement:S1']);
    const second = await entries('?pageSize=3&page=2');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((e) => e.entityId)).toEqual(['P1']);
  });

  it('refuses bad filters as invalid and every role but admin', async () => {
    for (const query of ['?from=2026-02-30', '?to=yesterday', '?pageSize=1000', `?actor=${'x'.repeat(41)}`]) {
      const res = await audit(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('Request.Invalid');
    }
    for (const who of [support, finance, user]) {
      const res = await audit('', who);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('Account.Forbidden');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
