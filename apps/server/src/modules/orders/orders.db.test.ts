import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus, withTaxCents } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { checkBooks, getBalances, getLines } from '../ledger/ledger.service.ts';
import { findOrder } from './orders.repository.ts';
import { createOrder, getOrderBySource, type OrderRow, refundOrder, transitionOrder } from './orders.service.ts';
import { buildMoneyTestApp, credit, newOrder, readyBuyer, sessionHeaders, signIn } from './orders.test-support.ts';

const EN = { 'accept-language': 'en-US' };
const HOUR = 3600;

/** A path of legal moves from awaiting_payment to `target` (breadth-first over the table). */
function pathTo(target: OrderStatus): OrderStatus[] {
  const previous = new Map<OrderStatus, OrderStatus | null>([['awaiting_payment', null]]);
  const queue: OrderStatus[] = ['awaiting_payment'];
  while (queue.length > 0) {
    const at = queue.shift() as OrderStatus;
    for (const next of ORDER_TRANSITIONS[at]) {
      if (previous.has(next)) continue;
      previous.set(next, at);
      queue.push(next);
    }
  }
  if (!previous.has(target)) throw new Error(`${target} is unreachable`);
  const path: OrderStatus[] = [];
  for (let s: OrderStatus | null = target; s && s !== 'awaiting_payment'; s = previous.get(s) ?? null) path.unshift(s);
  return path;
}

describe('the order transition table', () => {
  it('reaches every status from awaiting_payment, and the final statuses lead nowhere', () => {
    for (const status of ORDER_STATUSES) expect(() => pathTo(status)).not.toThrow();
    for (const final of ['completed', 'refunded', 'voided', 'expired'] as const) {
      expect(ORDER_TRANSITIONS[final]).toEqual([]);
    }
  });
});

describe.each(enginesFor('sql'))('orders (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const pay = (headers: Record<string, string>, orderId: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/pay`, headers: { ...headers, ...extra } });
  const payMany = (headers: Record<string, string>, orderIds: string[]) =>
    t.app.inject({ method: 'POST', url: '/api/orders/pay', headers, payload: { orderIds } });
  const getOrder = (headers: Record<string, string>, orderId: string) =>
    t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { ...headers, ...EN } });
  const escrow = async () =>
    (await checkBooks(t.app.platform.db, t.clock.now(), async (id) => id)).platform.escrow ?? 0;

  async function withStatus(buyerId: bigint, status: OrderStatus): Promise<OrderRow> {
    let order = await newOrder(t, buyerId);
    for (const step of pathTo(status)) {
      order = await t.app.platform.db.transaction((tx) =>
        transitionOrder(tx, order, step, { now: t.clock.now(), actor: 'system' }),
      );
    }
    return order;
  }

  it('every legal move succeeds and is audited; illegal ones are refused and change nothing', async () => {
    const { user } = await signIn(t);
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const legal = ORDER_TRANSITIONS[from].includes(to);
        // Every legal move, and the illegal ones out of every status.
        if (!legal && to !== 'awaiting_payment' && from !== 'completed' && to !== 'paid_awaiting_delivery') continue;
        const order = await withStatus(user.id, from);
        const attempt = t.app.platform.db.transaction((tx) =>
          transitionOrder(tx, order, to, { now: t.clock.now(), actor: 'system', reason: 'test' }),
        );
        if (legal) {
          expect((await attempt).status, `${from} → ${to}`).toBe(to);
          const [last] = await auditTrail(t.app.platform.db, 'order', order.id);
          expect(last).toMatchObject({ fromStatus: from, toStatus: to, actorRole: 'system', reason: 'test' });
        } else {
          await expect(attempt, `${from} → ${to}`).rejects.toMatchObject({ code: 'Order.InvalidTransition' });
          expect((await findOrder(t.app.platform.db, order.id))?.status).toBe(from);
        }
      }
    }
  });

  it('a status change is conditional on the old status: a stale row cannot move twice', async () => {
    const { user } = await signIn(t);
    const order = await newOrder(t, user.id);
    await t.app.platform.db.transaction((tx) =>
      transitionOrder(tx, order, 'voided', { now: t.clock.now(), actor: 'system' }),
    );
    // `order` still says awaiting_payment; the database no longer does.
    await expect(
      t.app.platform.db.transaction((tx) =>
        transitionOrder(tx, order, 'expired', { now: t.clock.now(), actor: 'system' }),
      ),
    ).rejects.toMatchObject({ code: 'Order.InvalidTransition' });
  });

  it('creates orders with tax, an O-number and a 72-hour window; one order per source reference', async () => {
    const { user } = await signIn(t);
    const order = await newOrder(t, user.id, { amountExTaxCents: 100_000, sourceRef: 'A-create-1' });
    expect(order.id).toMatch(/^O\d{14}$/);
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      amountExTaxCents: 100_000,
      taxRateBps: 600,
      taxCents: 6_000,
      amountCents: withTaxCents(100_000),
    });
    expect(order.payBy?.getTime()).toBe(t.clock.now().getTime() + 72 * HOUR * 1000);
    const again = await newOrder(t, user.id, { amountExTaxCents: 100_000, sourceRef: 'A-create-1' });
    expect(again.id).toBe(order.id);
    expect((await getOrderBySource(t.app.platform.db, 'auction', 'A-create-1'))?.id).toBe(order.id);
    const { user: other } = await signIn(t);
    await expect(
      t.app.platform.db.transaction((tx) =>
        createOrder(tx, {
          buyerId: other.id,
          source: 'auction',
          sourceRef: 'A-create-1',
          domain: 'x.com',
          amountExTaxCents: 1,
          now: t.clock.now(),
        }),
      ),
    ).rejects.toThrow(/another buyer/);
  });

  it('lists only my orders, with status and keyword filters and paging', async () => {
    const { user, headers } = await signIn(t);
    const { user: other } = await signIn(t);
    await newOrder(t, user.id, { domain: 'alpha-one.com' });
    await newOrder(t, user.id, { domain: 'beta-two.net' });
    const paid = await withStatus(user.id, 'paid_awaiting_delivery');
    await newOrder(t, other.id, { domain: 'alpha-other.com' });

    const all = await t.app.inject({ method: 'GET', url: '/api/orders', headers });
    expect(all.json().data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.headers['cache-control']).toBe('no-store');
    const byStatus = await t.app.inject({ method: 'GET', url: '/api/orders?status=paid_awaiting_delivery', headers });
    expect(byStatus.json().data.items.map((o: { orderId: string }) => o.orderId)).toEqual([paid.id]);
    const byKeyword = await t.app.inject({ method: 'GET', url: '/api/orders?keyword=ALPHA', headers });
    expect(byKeyword.json().data.items.map((o: { domain: string }) => o.domain)).toEqual(['alpha-one.com']);
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/orders?keyword=%25', headers });
    expect(wildcard.json().data.total).toBe(0);
    const paged = await t.app.inject({ method: 'GET', url: '/api/orders?page=2&pageSize=2', headers });
    expect(paged.json().data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.json().data.items).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/orders?status=nonsense',
      headers: { ...headers, ...EN },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');
    expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('shows an order only to its buyer, with the time left to pay', async () => {
    const { user } = await signIn(t);
    const { user: strangerUser } = await signIn(t);
    const order = await newOrder(t, user.id, { amountExTaxCents: 12_345 });
    t.clock.advance(HOUR);
    const mine = await getOrder(await sessionHeaders(t, user.id), order.id);
    expect(mine.json().data).toMatchObject({
      orderId: order.id,
      status: 'awaiting_payment',
      amountExTaxCents: 12_345,
      taxCents: 741,
      amountCents: 13_086,
      currency: 'USD',
      payTimeLeftSeconds: 71 * HOUR,
      canPay: true,
      hasInvoice: false,
      paidAt: null,
    });
    const theirs = await getOrder(await sessionHeaders(t, strangerUser.id), order.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'Order.NotFound', message: 'The order does not exist or has expired' });
    expect((await getOrder(await sessionHeaders(t, user.id), 'O00000000000000')).json().code).toBe('Order.NotFound');
  });

  it('pays from the available balance into escrow in one ledger transaction; books stay balanced', async () => {
    const { user, headers } = await readyBuyer(t, 50_000);
    const order = await newOrder(t, user.id, { amountExTaxCents: 20_000 });
    const escrowBefore = await escrow();
    const res = await pay(headers, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      orderId: order.id,
      status: 'paid_awaiting_delivery',
      paidAt: t.clock.now().toISOString(),
      canPay: false,
      hasInvoice: true,
      payTimeLeftSeconds: null,
    });
    expect(await getBalances(t.app.platform.db, user.id)).toMatchObject({ availableCents: 50_000 - 21_200 });
    expect(await escrow()).toBe(escrowBefore + 21_200);
    const books = await checkBooks(t.app.platform.db, t.clock.now(), async (id) => id);
    expect(books.balanced).toBe(true);

    const lines = await getLines(
      t.app.platform.db,
      { userId: user.id, kind: 'order_payment' },
      { limit: 10, offset: 0 },
    );
    expect(lines.items).toEqual([
      expect.objectContaining({ kind: 'order_payment', amountCents: -21_200, refType: 'order', refId: order.id }),
    ]);
    const history = await auditTrail(t.app.platform.db, 'order', order.id);
    expect(history[0]).toMatchObject({
      action: 'pay',
      fromStatus: 'awaiting_payment',
      toStatus: 'paid_awaiting_delivery',
      actorId: user.id,
      actorRole: 'user',
    });
    const messages = await t.app.inject({ method: 'GET', url: '/api/messages', headers: { ...headers, ...EN } });
    expect(messages.json().data.items[0]).toMatchObject({
      kind: 'order_paid',
      title: 'Order paid',
      link: `/console/order/list?orderId=${order.id}`,
    });
    expect(messages.json().data.items[0].body).toContain(order.domain);

    // Paying twice is refused and charges nothing more.
    const again = await pay({ ...headers, ...EN }, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'Order.NotPayable', message: 'This order cannot be paid now' });
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(50_000 - 21_200);
  });

  it('refunds a paid order from escrow to the buyer once, tells the buyer, and refuses an unpaid one', async () => {
    const { user, headers } = await readyBuyer(t, 30_000);
    const order = await newOrder(t, user.id, { amountExTaxCents: 10_000 });
    expect((await pay(headers, order.id)).statusCode).toBe(200);
    const escrowBefore = await escrow();
    const paid = (await findOrder(t.app.platform.db, order.id)) as OrderRow;
    const refunded = await t.app.platform.db.transaction((tx) =>
      refundOrder(tx, { order: paid, actor: 'system', now: t.clock.now(), reason: 'The old holder redeemed it' }),
    );
    expect(refunded.status).toBe('refunded');
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(30_000);
    expect(await escrow()).toBe(escrowBefore - 10_600);
    expect((await checkBooks(t.app.platform.db, t.clock.now(), async (id) => id)).balanced).toBe(true);

    // A second refund of the same (now stale) row moves no money.
    await expect(
      t.app.platform.db.transaction((tx) => refundOrder(tx, { order: paid, actor: 'system', now: t.clock.now() })),
    ).rejects.toMatchObject({ code: 'Order.InvalidTransition' });
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(30_000);

    const messages = await t.app.inject({ method: 'GET', url: '/api/messages', headers: { ...headers, ...EN } });
    expect(messages.json().data.items[0]).toMatchObject({
      kind: 'order_refunded',
      title: 'Order refunded',
      link: `/console/order/list?orderId=${order.id}`,
    });
    expect(messages.json().data.items[0].body).toContain('The old holder redeemed it');

    const unpaid = await newOrder(t, user.id);
    await expect(
      t.app.platform.db.transaction((tx) => refundOrder(tx, { order: unpaid, actor: 'system', now: t.clock.now() })),
    ).rejects.toMatchObject({ code: 'Order.InvalidTransition' });
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(30_000);
  });

  it('refuses when the balance is short (with the amounts for the recharge prompt) and charges nothing', async () => {
    const { user, headers } = await readyBuyer(t, 5_000);
    const order = await newOrder(t, user.id, { amountExTaxCents: 10_000 });
    const res = await pay({ ...headers, ...EN }, order.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'Funds.InsufficientBalance',
      message: 'Insufficient balance',
      data: { requiredCents: 10_600, availableCents: 5_000 },
    });
    expect((await getOrder(headers, order.id)).json().data.status).toBe('awaiting_payment');
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(5_000);
    await credit(t, user.id, 5_600);
    expect((await pay(headers, order.id)).json().data.status).toBe('paid_awaiting_delivery');
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(0);
  });

  it('needs complete contact information before paying', async () => {
    const { user, headers } = await signIn(t);
    await credit(t, user.id, 50_000);
    const order = await newOrder(t, user.id);
    const res = await pay({ ...headers, ...EN }, order.id);
    expect(res.json().code).toBe('Commodity.UserContactInfoIncomplete');
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(50_000);
  });

  it("cannot pay someone else's order (Order.NotFound) nor one whose window has closed", async () => {
    const { user } = await readyBuyer(t, 0);
    const { headers: stranger, user: strangerUser } = await readyBuyer(t, 50_000);
    const order = await newOrder(t, user.id);
    const res = await pay(stranger, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('Order.NotFound');
    expect((await getBalances(t.app.platform.db, strangerUser.id)).availableCents).toBe(50_000);

    const own = await newOrder(t, strangerUser.id, { payBy: new Date(t.clock.now().getTime() + HOUR * 1000) });
    t.clock.advance(HOUR);
    const again = await sessionHeaders(t, strangerUser.id);
    const late = await pay(again, own.id);
    expect(late.json()).toMatchObject({ code: 'Order.NotPayable', data: { reason: 'payment_window_closed' } });
    expect((await getOrder(again, own.id)).json().data).toMatchObject({ canPay: false, payTimeLeftSeconds: 0 });
  });

  it('pays several orders at once, all or nothing', async () => {
    const { user, headers } = await readyBuyer(t, 31_000);
    const a = await newOrder(t, user.id, { amountExTaxCents: 10_000 });
    const b = await newOrder(t, user.id, { amountExTaxCents: 10_000 });
    const c = await newOrder(t, user.id, { amountExTaxCents: 10_000 });

    // Not enough for all three: nothing is paid.
    const short = await payMany(headers, [a.id, b.id, c.id]);
    expect(short.json()).toMatchObject({ code: 'Funds.InsufficientBalance', data: { requiredCents: 31_800 } });
    // One already paid: nothing else is paid either.
    expect((await pay(headers, c.id)).json().code).toBe('200');
    const mixed = await payMany(headers, [a.id, c.id]);
    expect(mixed.json().code).toBe('Order.NotPayable');
    // Someone else's order in the set: nothing is paid.
    const { user: other } = await signIn(t);
    const foreign = await newOrder(t, other.id);
    expect((await payMany(headers, [a.id, foreign.id])).json()).toMatchObject({
      code: 'Order.NotFound',
      data: { orderIds: [foreign.id] },
    });
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(31_000 - 10_600);

    await credit(t, user.id, 800);
    const ok = await payMany(headers, [b.id, a.id, b.id]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.paidCents).toBe(21_200);
    expect(ok.json().data.orders.map((o: { orderId: string; status: string }) => [o.orderId, o.status])).toEqual([
      [b.id, 'paid_awaiting_delivery'],
      [a.id, 'paid_awaiting_delivery'],
    ]);
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(0);
    const tooMany = await payMany(
      headers,
      Array.from({ length: 51 }, (_, i) => `O${i}`),
    );
    expect(tooMany.json().code).toBe('Request.Invalid');
  });

  it('an Idempotency-Key replays the first result and charges once', async () => {
    const { user, headers } = await readyBuyer(t, 20_000);
    const order = await newOrder(t, user.id);
    const key = { 'idempotency-key': `pay-${order.id}` };
    const first = await pay(headers, order.id, key);
    const second = await pay(headers, order.id, key);
    expect(first.json().code).toBe('200');
    expect(second.json()).toEqual(first.json());
    expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(20_000 - 10_600);
  });

  it('the sweeper reminds once with less than 24 hours left, then closes unpaid orders and publishes order.unpaid', async () => {
    const { user } = await readyBuyer(t, 0);
    const auction = await newOrder(t, user.id, { source: 'auction', sourceRef: 'A-sweep-1' });
    const fixed = await newOrder(t, user.id, { source: 'fixed' });
    const renewal = await newOrder(t, user.id, { source: 'renewal' });
    const events: DomainEvent[] = [];
    // Orders of earlier tests close in the same sweeps: keep this buyer's events.
    const unsubscribe = t.app.platform.events.subscribe('order.unpaid', (e) => {
      if ((e.payload as { buyerId: string }).buyerId === user.id.toString()) events.push(e);
    });
    const sweep = () => t.app.inject({ method: 'POST', url: '/api/dev/sweep' });
    let headers = await sessionHeaders(t, user.id);
    const messagesOf = async (kind: string) => {
      headers = await sessionHeaders(t, user.id);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/messages?pageSize=100',
        headers: { ...headers, ...EN },
      });
      return res.json().data.items.filter((m: { kind: string }) => m.kind === kind);
    };

    t.clock.advance(47 * HOUR);
    await sweep();
    expect(await messagesOf('order_payment_due')).toHaveLength(0);
    t.clock.advance(2 * HOUR);
    await sweep();
    await sweep();
    const due = await messagesOf('order_payment_due');
    expect(due).toHaveLength(3);
    expect(due[0].title).toBe('Payment due soon');
    expect((await getOrder(headers, auction.id)).json().data.status).toBe('awaiting_payment');

    t.clock.advance(23 * HOUR);
    await sweep();
    headers = await sessionHeaders(t, user.id);
    expect((await getOrder(headers, auction.id)).json().data.status).toBe('buyer_violation');
    // A purchase of a domain left unpaid is a buyer violation (fixed price too); a renewal just expires.
    expect((await getOrder(headers, fixed.id)).json().data.status).toBe('buyer_violation');
    expect((await getOrder(headers, renewal.id)).json().data.status).toBe('expired');
    const expired = await messagesOf('order_expired');
    expect(expired).toHaveLength(3);
    expect(expired.map((m: { body: string }) => m.body).join(' ')).toContain('buyer violation');
    expect(events.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderId: auction.id,
          source: 'auction',
          sourceRef: 'A-sweep-1',
          status: 'buyer_violation',
          buyerId: user.id.toString(),
        }),
        expect.objectContaining({ orderId: fixed.id, source: 'fixed', status: 'buyer_violation' }),
        expect.objectContaining({ orderId: renewal.id, source: 'renewal', status: 'expired' }),
      ]),
    );
    expect(events).toHaveLength(3);
    const history = await auditTrail(t.app.platform.db, 'order', auction.id);
    expect(history[0]).toMatchObject({
      action: 'payment_window_closed',
      toStatus: 'buyer_violation',
      actorRole: 'system',
      actorId: null,
    });
    // Closed orders are not closed again, nor payable.
    await sweep();
    expect(events).toHaveLength(3);
    expect((await pay(headers, auction.id)).json().code).toBe('Order.NotPayable');
    unsubscribe();
  });

  if (engine === 'postgres') {
    it('concurrent payments of one order charge once', async () => {
      const { user, headers } = await readyBuyer(t, 100_000);
      const order = await newOrder(t, user.id, { amountExTaxCents: 10_000 });
      const results = await Promise.all(Array.from({ length: 8 }, () => pay(headers, order.id)));
      const codes = results.map((r) => r.json().code).sort();
      expect(codes.filter((c) => c === '200')).toHaveLength(1);
      expect(codes.filter((c) => c === 'Order.NotPayable')).toHaveLength(7);
      expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(100_000 - 10_600);
      expect((await checkBooks(t.app.platform.db, t.clock.now(), async (id) => id)).balanced).toBe(true);
    });

    it('concurrent pay-many calls over overlapping orders never deadlock and charge each order once', async () => {
      const { user, headers } = await readyBuyer(t, 1_000_000);
      const orders = await Promise.all(
        Array.from({ length: 6 }, () => newOrder(t, user.id, { amountExTaxCents: 10_000 })),
      );
      const ids = orders.map((o) => o.id);
      const sets = [
        ids.slice(0, 4),
        [...ids.slice(2, 6)].reverse(),
        [ids[5] as string, ids[0] as string],
        ids.slice(1, 3),
      ];
      const results = await Promise.all(sets.map((set) => payMany(headers, set)));
      for (const r of results) expect(['200', 'Order.NotPayable']).toContain(r.json().code);
      const paid = await Promise.all(ids.map(async (id) => (await getOrder(headers, id)).json().data.status));
      const paidCount = paid.filter((s) => s === 'paid_awaiting_delivery').length;
      expect((await getBalances(t.app.platform.db, user.id)).availableCents).toBe(1_000_000 - paidCount * 10_600);
      expect((await checkBooks(t.app.platform.db, t.clock.now(), async (id) => id)).balanced).toBe(true);
    });
  }
});
