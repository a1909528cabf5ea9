import { ORDER_LIMITS, withTaxCents } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { auditTrail } from '../admin/audit.service.ts';
import {
  type CreateOrderInput,
  createOrder,
  createOrders,
  getOrderBySource,
  lockOrders,
  transitionOrder,
  transitionOrders,
} from './orders.service.ts';
import { buildMoneyTestApp, newOrder, signIn } from './orders.test-support.ts';

/**
 * createOrders (the close sweep creates the orders of many lots at once) makes what createOrder
 * makes for each input: the same rows, audit entries and one order per (source, sourceRef); and
 * transitionOrders (the violation sweep voids many orders) moves them as transitionOrder would.
 */
describe.each(enginesFor('sql'))('createOrders (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

  it('creates what createOrder creates, in input order, audited, with or without a source reference', async () => {
    const { user: a } = await signIn(t);
    const { user: b } = await signIn(t);
    const now = t.clock.now();
    const ref = tag();
    const input = (buyerId: bigint, i: number, extra: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
      buyerId,
      partner: 'partner-test',
      source: 'auction',
      sourceRef: `${ref}-${i}`,
      domain: ` Many${i}-${ref}.COM `,
      amountExTaxCents: 1_000 * (i + 1),
      now,
      ...extra,
    });
    const payBy = new Date(now.getTime() + 3_600_000);
    const deliverAt = new Date(now.getTime() + 86_400_000);
    const inputs = [
      input(a.id, 0, { payBy, deliverAt }),
      input(b.id, 1),
      input(a.id, 2, { sourceRef: null, source: 'fixed', payBy: null, sellerId: b.id, partner: null }),
      input(b.id, 3, { actor: { id: a.id, role: 'admin' } }),
    ];
    const rows = await t.app.platform.db.transaction((tx) => createOrders(tx, inputs));
    expect(rows.map((r) => r.domain)).toEqual(inputs.map((i) => i.domain.trim().toLowerCase()));
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
    for (const [i, row] of rows.entries()) {
      const want = inputs[i] as CreateOrderInput;
      expect(row.id).toMatch(/^O\d{14}$/);
      expect(row).toMatchObject({
        buyerId: want.buyerId,
        source: want.source,
        sourceRef: want.sourceRef,
        status: 'awaiting_payment',
        amountExTaxCents: want.amountExTaxCents,
        amountCents: withTaxCents(want.amountExTaxCents),
        taxCents: withTaxCents(want.amountExTaxCents) - want.amountExTaxCents,
        taxRateBps: ORDER_LIMITS.taxRateBps,
        sellerId: want.sellerId ?? null,
        partner: want.partner ?? null,
        createdAt: now,
        updatedAt: now,
      });
    }
    expect(rows[0]).toMatchObject({ payBy, deliverAt });
    expect(rows[1]?.payBy?.getTime()).toBe(now.getTime() + ORDER_LIMITS.payWindowHours * 3_600_000);
    expect(rows[1]?.deliverAt).toBeNull();
    expect(rows[2]?.payBy).toBeNull();
    const trails = [];
    for (const row of rows) trails.push(await auditTrail(t.app.platform.db, 'order', row.id));
    expect(trails.map((tr) => tr.map((e) => [e.action, e.fromStatus, e.toStatus, e.actorRole, e.actorId]))).toEqual([
      [['create', null, 'awaiting_payment', 'system', null]],
      [['create', null, 'awaiting_payment', 'system', null]],
      [['create', null, 'awaiting_payment', 'system', null]],
      [['create', null, 'awaiting_payment', 'admin', a.id]],
    ]);
    // Compared with createOrder on an identical input (all but the id).
    const single = await t.app.platform.db.transaction((tx) =>
      createOrder(tx, input(b.id, 1, { sourceRef: `${ref}-single` })),
    );
    const { id: _a, sourceRef: _b, ...fromMany } = rows[1] as (typeof rows)[number];
    const { id: _c, sourceRef: _d, ...fromOne } = single;
    expect(fromMany).toEqual(fromOne);
    expect(await t.app.platform.db.transaction((tx) => createOrders(tx, []))).toEqual([]);
  });

  it('one order per source reference: existing ones and repeats within the call get that order, audited once', async () => {
    const { user: a } = await signIn(t);
    const { user: b } = await signIn(t);
    const now = t.clock.now();
    const ref = tag();
    const base = { partner: 'p', source: 'auction' as const, domain: `${ref}.com`, amountExTaxCents: 500, now };
    const first = await t.app.platform.db.transaction((tx) =>
      createOrder(tx, { ...base, buyerId: a.id, sourceRef: `${ref}-old` }),
    );
    const rows = await t.app.platform.db.transaction((tx) =>
      createOrders(tx, [
        { ...base, buyerId: a.id, sourceRef: `${ref}-old` },
        { ...base, buyerId: b.id, sourceRef: `${ref}-new` },
        { ...base, buyerId: b.id, sourceRef: `${ref}-new` },
      ]),
    );
    expect(rows[0]?.id).toBe(first.id);
    expect(rows[2]?.id).toBe(rows[1]?.id);
    expect((await getOrderBySource(t.app.platform.db, 'auction', `${ref}-new`))?.id).toBe(rows[1]?.id);
    expect(await auditTrail(t.app.platform.db, 'order', first.id)).toHaveLength(1);
    expect(await auditTrail(t.app.platform.db, 'order', rows[1]?.id as string)).toHaveLength(1);
    // Another buyer for a reference that has an order: refused, and nothing of the call is left.
    await expect(
      t.app.platform.db.transaction((tx) =>
        createOrders(tx, [
          { ...base, buyerId: a.id, sourceRef: `${ref}-fresh` },
          { ...base, buyerId: b.id, sourceRef: `${ref}-old` },
        ]),
      ),
    ).rejects.toThrow(/another buyer/);
    await expect(
      t.app.platform.db.transaction((tx) =>
        createOrders(tx, [
          { ...base, buyerId: a.id, sourceRef: `${ref}-r1` },
          { ...base, buyerId: b.id, sourceRef: `${ref}-r1` },
        ]),
      ),
    ).rejects.toThrow(/another buyer/);
    expect(await getOrderBySource(t.app.platform.db, 'auction', `${ref}-fresh`)).toBeUndefined();
    expect(await getOrderBySource(t.app.platform.db, 'auction', `${ref}-r1`)).toBeUndefined();
    // The same refusals as createOrder for bad inputs.
    await expect(
      t.app.platform.db.transaction((tx) => createOrders(tx, [{ ...base, buyerId: a.id, amountExTaxCents: 0 }])),
    ).rejects.toThrow(/amountExTaxCents/);
    await expect(
      t.app.platform.db.transaction((tx) => createOrders(tx, [{ ...base, buyerId: a.id, domain: '  ' }])),
    ).rejects.toThrow(/domain/);
  });

  it('many at once: 1,500 orders, each once, one audit entry each', async () => {
    const { user } = await signIn(t);
    const now = t.clock.now();
    const ref = tag();
    const rows = await t.app.platform.db.transaction((tx) =>
      createOrders(
        tx,
        Array.from({ length: 1_500 }, (_, i) => ({
          buyerId: user.id,
          source: 'auction' as const,
          sourceRef: `${ref}-${i}`,
          domain: `bulk${i}-${ref}.com`,
          amountExTaxCents: 100 + i,
          now,
        })),
      ),
    );
    expect(rows.map((r) => r.amountExTaxCents)).toEqual(Array.from({ length: 1_500 }, (_, i) => 100 + i));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1_500);
    const again = await t.app.platform.db.transaction((tx) =>
      createOrders(
        tx,
        rows.map((r) => ({
          buyerId: user.id,
          source: 'auction' as const,
          sourceRef: r.sourceRef,
          domain: r.domain,
          amountExTaxCents: 1,
          now,
        })),
      ),
    );
    expect(again.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(await auditTrail(t.app.platform.db, 'order', rows[1_499]?.id as string)).toHaveLength(1);
  });

  it('transitionOrders moves many orders through the table, conditional on their status, one audit entry each', async () => {
    const { user } = await signIn(t);
    const db = t.app.platform.db;
    const a = await newOrder(t, user.id);
    const b = await newOrder(t, user.id);
    const fresh = await newOrder(t, user.id);
    const c = await db.transaction((tx) =>
      transitionOrder(tx, fresh, 'buyer_violation', { now: t.clock.now(), actor: 'system' }),
    );
    const now = t.clock.now();
    const moved = await db.transaction((tx) =>
      transitionOrders(tx, [{ order: c, reason: 'unpaid: 10' }, { order: a, reason: null }, { order: b }], 'voided', {
        now,
        actor: 'system',
        action: 'forfeit',
      }),
    );
    expect(moved.map((o) => [o.id, o.status, o.updatedAt])).toEqual([
      [c.id, 'voided', now],
      [a.id, 'voided', now],
      [b.id, 'voided', now],
    ]);
    expect((await auditTrail(db, 'order', c.id)).map((e) => [e.action, e.fromStatus, e.toStatus, e.reason])).toEqual([
      ['forfeit', 'buyer_violation', 'voided', 'unpaid: 10'],
      ['buyer_violation', 'awaiting_payment', 'buyer_violation', null],
      ['create', null, 'awaiting_payment', null],
    ]);
    expect((await auditTrail(db, 'order', a.id))[0]).toMatchObject({
      action: 'forfeit',
      fromStatus: 'awaiting_payment',
    });
    // Stale rows (already voided), an illegal move, or the same order twice: refused, nothing moves.
    const d = await newOrder(t, user.id);
    for (const items of [
      [{ order: d }, { order: a }],
      [{ order: d }, { order: d }],
    ]) {
      await expect(
        db.transaction((tx) => transitionOrders(tx, items, 'voided', { now, actor: 'system' })),
      ).rejects.toMatchObject({ code: 'Order.InvalidTransition' });
    }
    await expect(
      db.transaction(async (tx) => transitionOrders(tx, [{ order: d }], 'completed', { now, actor: 'system' })),
    ).rejects.toMatchObject({ code: 'Order.InvalidTransition' });
    expect((await db.transaction((tx) => lockOrders(tx, [d.id])))[0]?.status).toBe('awaiting_payment');
    expect(await auditTrail(db, 'order', d.id)).toHaveLength(1);
    // lockOrders: by id, locked, missing ids absent.
    const locked = await db.transaction((tx) => lockOrders(tx, [d.id, 'O-missing', a.id]));
    expect(locked.map((o) => o.id)).toEqual([a.id, d.id].sort());
    expect(await db.transaction((tx) => transitionOrders(tx, [], 'voided', { now, actor: 'system' }))).toEqual([]);
  });
});
