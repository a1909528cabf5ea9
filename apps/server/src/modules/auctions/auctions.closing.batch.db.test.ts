import { depositFor } from '@namebourse/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { auctionBidders, auctions, messages } from '../../db/schema/index.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { getHolds, getLines } from '../ledger/ledger.service.ts';
import { createOrder, getOrderBySource, payOrder, transitionOrder } from '../orders/orders.service.ts';
import {
  buildMoneyTestApp,
  completeContactInfo,
  credit,
  newOrder,
  sessionHeaders,
  signIn,
} from '../orders/orders.test-support.ts';
import type { ClosingAuctionRow } from './auctions.closing.repository.ts';
import {
  balances,
  bidDirect,
  books,
  exitDirect,
  insertTestLot,
  lotRow,
  sweep,
} from './auctions.closing.test-support.ts';
import { closeLot, closeLots, forfeitUnpaid, forfeitUnpaidMany } from './auctions.closing.ts';
import { deliverOrder, deliverOrders } from './auctions.delivery.ts';
import { releasePaidWinnerDeposit, releasePaidWinnerDeposits } from './auctions.deposits.ts';

const BALANCE = 5_000_000;

/**
 * The close sweep's set-based batch (closeLots) against the lot-by-lot close (closeLot): the same
 * lots, orders, messages, audit entries, ledger moves and events; a lot that fails in a batch does
 * not stop the others; a batch rolled back before its commit (a crash) leaves nothing behind.
 */
describe.each(enginesFor('sql'))('closing many lots at once (%s)', (engine) => {
  let t: TestContext;
  const events: DomainEvent[] = [];
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    t.app.platform.events.subscribe('auction.closed', (e) => {
      events.push(e);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function user(): Promise<bigint> {
    const { user } = await signIn(t);
    await credit(t, user.id, BALANCE);
    return user.id;
  }

  /**
   * One set of lots ending in 60 s, covering every case: no bids; a winner, a loser and a bidder
   * who exited; a lone bidder; a winner and two losers, one of whom also lost the second lot (two
   * releases for one user in one batch). Returns the lots and the users by role.
   */
  async function scenario(tag: string) {
    const users = { w1: await user(), w2: await user(), l1: await user(), l2: await user(), q: await user() };
    const lot = (name: string) =>
      insertTestLot(t, { endsInSeconds: 60, domain: `${name}${tag}x${Date.now().toString(36)}.com` });
    const empty = await lot('empty');
    const full = await lot('full');
    await bidDirect(t, full.id, users.q, 3_000);
    await bidDirect(t, full.id, users.l1, 20_000);
    await bidDirect(t, full.id, users.w1, 30_000);
    await exitDirect(t, full.id, users.q);
    const lone = await lot('lone');
    await bidDirect(t, lone.id, users.w2, 7_000);
    const shared = await lot('shared');
    await bidDirect(t, shared.id, users.l1, 11_000);
    await bidDirect(t, shared.id, users.l2, 12_000);
    await bidDirect(t, shared.id, users.w2, 50_000);
    // Not due: left alone by both ways.
    const later = await insertTestLot(t, {
      endsInSeconds: 3_600,
      domain: `later${tag}x${Date.now().toString(36)}.com`,
    });
    await bidDirect(t, later.id, users.l2, 4_000);
    return { lots: [empty, full, lone, shared, later], users };
  }

  /** Everything a close writes about a scenario, with users named by role and ids left out. */
  async function observe(s: Awaited<ReturnType<typeof scenario>>) {
    const db = t.app.platform.db;
    const role = new Map(Object.entries(s.users).map(([name, id]) => [id.toString(), name]));
    const who = (id: bigint | null | undefined) => (id === null || id === undefined ? null : role.get(id.toString()));
    const out: Record<string, unknown> = {};
    for (const [i, lot] of s.lots.entries()) {
      const row = await lotRow(t, lot.id);
      const order = await getOrderBySource(db, 'auction', lot.id.toString());
      const bidders = await db.select().from(auctionBidders).where(eq(auctionBidders.auctionId, lot.id));
      out[`lot${i}`] = {
        status: row.status,
        winner: who(row.winnerId),
        price: row.winningPriceCents,
        closedAt: row.closedAt?.toISOString() ?? null,
        orderIsTheLots: row.orderId === (order?.id ?? null),
        order: order && {
          buyer: who(order.buyerId),
          status: order.status,
          partner: order.partner,
          amount: order.amountCents,
          exTax: order.amountExTaxCents,
          payBy: order.payBy?.toISOString(),
          deliverAt: order.deliverAt?.toISOString(),
          audit: (await auditTrail(db, 'order', order.id)).map((a) => [a.action, a.toStatus, a.actorRole]),
        },
        deposits: bidders
          .map((b) => [who(b.userId), b.depositCents, b.exitedAt !== null])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
        event: events
          .filter((e) => (e.payload as { auctionId: string }).auctionId === lot.id.toString())
          .map((e) => {
            const { auctionId: _id, ...rest } = e.payload as Record<string, unknown>;
            return rest;
          }),
      };
    }
    for (const [name, id] of Object.entries(s.users)) {
      const lines = await getLines(db, { userId: id, kind: 'deposit_release' }, { limit: 100, offset: 0 });
      const sent = await db.select().from(messages).where(eq(messages.userId, id)).orderBy(messages.id);
      out[name] = {
        balances: await balances(t, id),
        holds: (await getHolds(db, id)).map((h) => h.amountCents).sort(),
        releases: lines.items.map((l) => [l.bucket, l.amountCents, l.balanceAfterCents, l.memo]),
        // In a stable order (a batch writes them in its own order, e.g. by order id).
        messages: sent
          .map((m) => {
            const { orderId: _o, auctionId: _a, domain: _d, ...params } = m.params as Record<string, unknown>;
            return [m.kind, params, m.link?.replace(/orderId=\w+/, 'orderId=…'), m.dedupeKey?.replace(/\d+/, '…')];
          })
          .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
      };
    }
    return out;
  }

  async function dueRows(lots: ClosingAuctionRow[]) {
    return t.app.platform.db
      .select()
      .from(auctions)
      .where(
        inArray(
          auctions.id,
          lots.map((l) => l.id),
        ),
      )
      .orderBy(auctions.id);
  }

  it('closeLots writes what closeLot writes lot by lot: lots, orders, audit, messages, ledger, events', async () => {
    const batch = await scenario('b');
    const single = await scenario('s');
    t.clock.advance(61);
    const now = t.clock.now();
    const db = t.app.platform.db;

    // The batch: every lot of the scenario (the not-yet-due one included) in one call.
    const rows = await dueRows(batch.lots);
    const publish = await db.transaction((tx) => closeLots(t.app, tx, rows, now));
    expect(typeof publish).toBe('function');
    await publish?.();
    // Lot by lot, each in its own transaction, as the sweeper's fallback does.
    for (const row of await dueRows(single.lots)) {
      const then = await db.transaction((tx) => closeLot(t.app, tx, row, now));
      await then?.();
    }

    const got = await observe(batch);
    expect(got).toEqual(await observe(single));
    // And what that is, spelled out for the lot with a winner, a loser and a quitter.
    expect(got.lot1).toMatchObject({
      status: 'ended',
      winner: 'w1',
      price: 20_500,
      orderIsTheLots: true,
      order: {
        buyer: 'w1',
        status: 'awaiting_payment',
        exTax: 20_500,
        audit: [['create', 'awaiting_payment', 'system']],
      },
      deposits: [
        ['l1', 0, false],
        ['q', 0, true],
        ['w1', depositFor(30_000), false],
      ],
      event: [{ status: 'ended', winningPriceCents: 20_500, leaderBidderNo: 3 }],
    });
    expect(got.lot0).toMatchObject({ status: 'ended', winner: null, order: undefined });
    expect(got.lot4).toMatchObject({ status: 'bidding', order: undefined, event: [] });
    expect(got.l1).toMatchObject({
      balances: { availableCents: BALANCE, frozenCents: 0 },
      holds: [],
      releases: [
        ['available', depositFor(11_000), BALANCE, 'lost'],
        ['frozen', -depositFor(11_000), 0, 'lost'],
        ['available', depositFor(20_000), BALANCE - depositFor(11_000), 'lost'],
        ['frozen', -depositFor(20_000), depositFor(11_000), 'lost'],
      ],
    });
    expect((got.w2 as { messages: unknown[] }).messages).toHaveLength(2);
    expect((await books(t)).balanced).toBe(true);

    // Closing again, either way, changes nothing.
    await db.transaction((tx) => closeLots(t.app, tx, rows, now));
    for (const row of await dueRows(single.lots)) await db.transaction((tx) => closeLot(t.app, tx, row, now));
    expect(await observe(batch)).toEqual(got);
  });

  it('paid winners: releasePaidWinnerDeposits releases what releasePaidWinnerDeposit releases one by one', async () => {
    const batch = await scenario('pb');
    const single = await scenario('ps');
    t.clock.advance(61);
    await sweep(t);
    const db = t.app.platform.db;
    // Pay every order through the service (no order.paid event: the sweep's functions are under test).
    const paidRows = async (s: Awaited<ReturnType<typeof scenario>>) => {
      const rows = [];
      for (const lot of s.lots) {
        const order = await getOrderBySource(db, 'auction', lot.id.toString());
        if (!order) continue;
        await db.transaction((tx) => payOrder(tx, { order, actor: 'system', billing: null, now: t.clock.now() }));
        rows.push({ auctionId: lot.id, userId: order.buyerId, orderId: order.id });
      }
      // The loser of a lot, and a winner twice: the check skips what is not a held winner deposit.
      return [...rows, { auctionId: s.lots[1]?.id as bigint, userId: s.users.l1, orderId: 'x' }, ...rows.slice(0, 1)];
    };
    const batchRows = await paidRows(batch);
    const singleRows = await paidRows(single);
    const now = t.clock.now();
    await db.transaction((tx) => releasePaidWinnerDeposits(tx, batchRows, now));
    for (const row of singleRows) await db.transaction((tx) => releasePaidWinnerDeposit(tx, row, now));
    const got = await observe(batch);
    expect(got).toEqual(await observe(single));
    expect(got.w2).toMatchObject({ balances: { frozenCents: 0 }, holds: [] });
    expect((got.lot3 as { deposits: unknown[] }).deposits).toContainEqual(['w2', 0, false]);
    // Nothing left for the sweep to do, and again changes nothing.
    expect((await sweep(t)).advanced.find((a) => a.sweeper === 'auctions.winner-deposit')).toBeUndefined();
    await db.transaction((tx) => releasePaidWinnerDeposits(tx, batchRows, now));
    expect(await observe(batch)).toEqual(got);
    expect((await books(t)).balanced).toBe(true);
  });

  it('paying releases that winner’s deposit at once (order.paid), without waiting for a sweep', async () => {
    const s = await scenario('pn');
    await completeContactInfo(t, await sessionHeaders(t, s.users.w1));
    t.clock.advance(61);
    await sweep(t);
    const order = await getOrderBySource(t.app.platform.db, 'auction', s.lots[1]?.id.toString() as string);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order?.id}/pay`,
      headers: await sessionHeaders(t, s.users.w1),
    });
    expect(paid.json().code).toBe('200');
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await balances(t, s.users.w1)).frozenCents > 0) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await balances(t, s.users.w1)).toMatchObject({ frozenCents: 0 });
    // The other winner's order is unpaid: their deposit stays.
    expect((await balances(t, s.users.w2)).frozenCents).toBeGreaterThan(0);
  });

  it('unpaid winners: forfeitUnpaidMany does what forfeitUnpaid does one by one', async () => {
    const batch = await scenario('vb');
    const single = await scenario('vs');
    t.clock.advance(61);
    await sweep(t);
    const db = t.app.platform.db;
    // The orders past their window, moved to buyer_violation as the orders sweep does.
    const violations = async (s: Awaited<ReturnType<typeof scenario>>) => {
      const rows = [];
      for (const lot of s.lots) {
        const order = await getOrderBySource(db, 'auction', lot.id.toString());
        if (!order) continue;
        rows.push(
          await db.transaction((tx) =>
            transitionOrder(tx, order, 'buyer_violation', { now: t.clock.now(), actor: 'system' }),
          ),
        );
      }
      return rows;
    };
    const batchOrders = await violations(batch);
    const singleOrders = await violations(single);
    // An order not (or no longer) in buyer_violation is left alone by both.
    const other = await newOrder(t, batch.users.w1, { sourceRef: batch.lots[4]?.id.toString() });
    const otherSingle = await newOrder(t, single.users.w1, { sourceRef: single.lots[4]?.id.toString() });
    const now = t.clock.now();
    await db.transaction((tx) => forfeitUnpaidMany(tx, [...batchOrders, other], now));
    for (const order of [...singleOrders, otherSingle]) await db.transaction((tx) => forfeitUnpaid(tx, order, now));
    const got = await observe(batch);
    expect(got).toEqual(await observe(single));
    expect(got.lot1).toMatchObject({ order: { status: 'voided' } });
    const audit = (got.lot1 as { order: { audit: unknown[][] } }).order.audit;
    expect(audit[0]).toEqual(['forfeit', 'voided', 'system']);
    expect(got.w2).toMatchObject({
      balances: { frozenCents: 0, availableCents: BALANCE - depositFor(7_000) - depositFor(50_000) },
    });
    expect((got.w1 as { messages: unknown[][] }).messages.map((m) => m[0])).toContain('order_violation');
    expect((await auditTrail(db, 'order', batchOrders[0]?.id as string))[0]?.reason).toBe(
      `unpaid: deposit of ${depositFor(30_000)} cents forfeited`,
    );
    // Again: nothing moves.
    await db.transaction((tx) => forfeitUnpaidMany(tx, batchOrders, now));
    expect(await observe(batch)).toEqual(got);
    expect((await books(t)).balanced).toBe(true);
  });

  it('a lot that fails in a batch is closed alone: the others close, it stays bidding with its deposits held', async () => {
    const good = await scenario('g');
    const winner = await user();
    const loser = await user();
    const intruder = await user();
    const bad = await insertTestLot(t, { endsInSeconds: 60, domain: `bad${Date.now().toString(36)}.com` });
    await bidDirect(t, bad.id, loser, 9_000);
    await bidDirect(t, bad.id, winner, 10_000);
    // The lot's order already exists for someone else: createOrder refuses, for this lot only.
    await t.app.platform.db.transaction((tx) =>
      createOrder(tx, {
        buyerId: intruder,
        source: 'auction',
        sourceRef: bad.id.toString(),
        domain: bad.domain,
        amountExTaxCents: 100,
        now: t.clock.now(),
      }),
    );
    t.clock.advance(61);
    const result = await sweep(t);
    expect(result.advanced).toContainEqual({ sweeper: 'auctions.close', count: 4 });
    for (const lot of good.lots.slice(0, 4)) expect((await lotRow(t, lot.id)).status).toBe('ended');
    expect(await lotRow(t, bad.id)).toMatchObject({ status: 'bidding', winnerId: null, orderId: null });
    expect(await balances(t, loser)).toMatchObject({ frozenCents: depositFor(9_000) });
    expect(await balances(t, good.users.l1)).toMatchObject({ availableCents: BALANCE, frozenCents: 0 });
    // Retried on the next sweep, failing alone again.
    expect((await sweep(t)).advanced.find((a) => a.sweeper === 'auctions.close')).toBeUndefined();
    expect((await lotRow(t, bad.id)).status).toBe('bidding');
    expect((await books(t)).balanced).toBe(true);
  });

  it('a batch rolled back before its commit (a crash) leaves nothing; the next sweep closes every lot once', async () => {
    const s = await scenario('c');
    t.clock.advance(61);
    const before = await observe(s);
    const rows = await dueRows(s.lots);
    await expect(
      t.app.platform.db.transaction(async (tx) => {
        await closeLots(t.app, tx, rows, t.clock.now());
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(await observe(s)).toEqual(before);
    await sweep(t);
    const after = await observe(s);
    expect(after.lot1).toMatchObject({ status: 'ended', winner: 'w1', event: [expect.anything()] });
    expect(after.l1).toMatchObject({ balances: { availableCents: BALANCE, frozenCents: 0 } });
    await sweep(t);
    expect(await observe(s)).toEqual(after);
    expect((await books(t)).balanced).toBe(true);
  });

  // Last: it moves the clock 27 days, which makes every other test's later lots due.
  it('deliveries: deliverOrders (the registrar asked for the batch at once) does what deliverOrder does', async () => {
    const batch = await scenario('db');
    const single = await scenario('ds');
    t.clock.advance(61);
    await sweep(t);
    const db = t.app.platform.db;
    const steer = (domain: string, body: { redeemed?: boolean; fail?: boolean }) =>
      t.app.inject({ method: 'POST', url: '/api/dev/registrar', payload: { domain, ...body } });
    const prepare = async (s: Awaited<ReturnType<typeof scenario>>) => {
      const orders = [];
      for (const [i, lot] of s.lots.entries()) {
        const order = await getOrderBySource(db, 'auction', lot.id.toString());
        if (!order) continue;
        orders.push(
          await db.transaction((tx) => payOrder(tx, { order, actor: 'system', billing: null, now: t.clock.now() })),
        );
        // Delivered, redeemed (refunded), the registrar failing: one of each.
        await steer(lot.domain, i === 1 ? { redeemed: false } : i === 2 ? { redeemed: true } : { fail: true });
      }
      return orders;
    };
    const batchOrders = await prepare(batch);
    const singleOrders = await prepare(single);
    t.clock.advance(27 * 86_400);
    const now = t.clock.now();
    await db.transaction((tx) => deliverOrders(t.app, tx, batchOrders, now));
    for (const order of singleOrders) await db.transaction((tx) => deliverOrder(t.app, tx, order, now));
    const got = await observe(batch);
    expect(got).toEqual(await observe(single));
    expect([got.lot1, got.lot2, got.lot3].map((l) => (l as { order: { status: string } }).order.status)).toEqual([
      'completed',
      'refunded',
      'delivery_failed',
    ]);
    expect((await books(t)).balanced).toBe(true);
  });
});
