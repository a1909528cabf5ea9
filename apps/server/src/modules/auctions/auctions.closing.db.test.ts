import { AUCTION_RULES, depositFor, ORDER_LIMITS, withTaxCents } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { getOrderBySource } from '../orders/orders.service.ts';
import { buildMoneyTestApp, readyBuyer, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import {
  balances,
  bidDirect,
  books,
  exitDirect,
  insertTestLot,
  lotRow,
  sweep,
} from './auctions.closing.test-support.ts';

const HOUR = 3600;
const DAY = 86_400;
const EN = { 'accept-language': 'en-US' };
const START_BALANCE = 1_000_000;

describe.each(enginesFor('sql'))('the lot after bidding (%s)', (engine) => {
  let t: TestContext;
  const events: DomainEvent[] = [];
  async function start() {
    t = await buildMoneyTestApp(engine);
    t.app.platform.events.subscribe('auction.closed', (e) => {
      events.push(e);
    });
  }
  /** A fresh app and database, for tests that measure platform balances (other tests' lots would move too). */
  async function restart() {
    await t.close();
    await start();
  }
  beforeAll(start);
  afterAll(async () => {
    await t?.close();
  });

  const steer = (domain: string, body: { redeemed?: boolean; fail?: boolean }) =>
    t.app.inject({ method: 'POST', url: '/api/dev/registrar', payload: { domain, ...body } });
  const messages = async (userId: bigint) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/messages?pageSize=50',
      headers: { ...(await sessionHeaders(t, userId)), ...EN },
    });
    return res.json().data.items as { kind: string; link: string | null; body: string }[];
  };
  const orderOf = async (lotId: bigint) => {
    const order = await getOrderBySource(t.app.platform.db, 'auction', lotId.toString());
    if (!order) throw new Error('no order');
    return order;
  };
  const platformBalance = async (account: string) => (await books(t)).platform[account] ?? 0;

  /** The buyer pays the order; the delivery wait passes and the sweeper runs. */
  const payAndWaitForDelivery = async (buyerId: bigint, orderId: string) => {
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/pay`,
      headers: await sessionHeaders(t, buyerId),
    });
    t.clock.advance(ORDER_LIMITS.deliveryWaitDays * DAY);
    await sweep(t);
  };

  /** A lot with a winner (max $300), a loser (max $200) and a bidder who exited; swept closed. */
  async function closedLot(options: { domain?: string } = {}) {
    const winner = await readyBuyer(t, START_BALANCE);
    const loser = await readyBuyer(t, START_BALANCE);
    const quitter = await readyBuyer(t, START_BALANCE);
    const lot = await insertTestLot(t, { endsInSeconds: 600, startPriceCents: 5_000, ...options });
    await bidDirect(t, lot.id, quitter.user.id, 8_000);
    await bidDirect(t, lot.id, loser.user.id, 20_000);
    await bidDirect(t, lot.id, winner.user.id, 30_000);
    await exitDirect(t, lot.id, quitter.user.id);
    t.clock.advance(601);
    await sweep(t);
    const closed = await lotRow(t, lot.id);
    const order = await orderOf(lot.id);
    return { winner, loser, quitter, lot, closed, order };
  }

  it('opens scheduled lots when their start comes, not before', async () => {
    const lot = await insertTestLot(t, {
      status: 'scheduled',
      startsAt: new Date(t.clock.now().getTime() + HOUR * 1000),
      endsInSeconds: 4 * DAY,
    });
    await sweep(t);
    expect((await lotRow(t, lot.id)).status).toBe('scheduled');
    t.clock.advance(HOUR);
    await sweep(t);
    expect((await lotRow(t, lot.id)).status).toBe('bidding');
  });

  it('closes a lot without bids: ended, no winner, no order', async () => {
    const lot = await insertTestLot(t, { endsInSeconds: 60 });
    await sweep(t);
    expect((await lotRow(t, lot.id)).status).toBe('bidding');
    t.clock.advance(61);
    const result = await sweep(t);
    expect(result.advanced).toContainEqual({ sweeper: 'auctions.close', count: expect.any(Number) });
    const closed = await lotRow(t, lot.id);
    expect(closed).toMatchObject({ status: 'ended', winnerId: null, winningPriceCents: null, orderId: null });
    expect(closed.closedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(await getOrderBySource(t.app.platform.db, 'auction', lot.id.toString())).toBeUndefined();
    const live = events.find((e) => (e.payload as { auctionId: string }).auctionId === lot.id.toString());
    expect(live?.payload).toMatchObject({ status: 'ended', winningPriceCents: null, leaderBidderNo: null });
  });

  it('closes with a winner: an order awaiting payment for 72 h, losers whole, the winner still holding the deposit', async () => {
    const { winner, loser, quitter, lot, closed, order } = await closedLot();
    // Runner-up's $200 maximum + one $5 increment.
    const price = 20_500;
    expect(closed).toMatchObject({ status: 'ended', winnerId: winner.user.id, winningPriceCents: price });
    expect(closed.orderId).toBe(order.id);
    const now = t.clock.now().getTime();
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      buyerId: winner.user.id,
      partner: 'partner-test',
      domain: lot.domain,
      amountExTaxCents: price,
      amountCents: withTaxCents(price),
    });
    expect(order.payBy?.getTime()).toBe(now + ORDER_LIMITS.payWindowHours * HOUR * 1000);
    expect(order.deliverAt?.getTime()).toBe(now + ORDER_LIMITS.deliveryWaitDays * DAY * 1000);
    expect(await balances(t, loser.user.id)).toMatchObject({ availableCents: START_BALANCE, frozenCents: 0 });
    expect(await balances(t, quitter.user.id)).toMatchObject({ availableCents: START_BALANCE, frozenCents: 0 });
    expect(await balances(t, winner.user.id)).toMatchObject({
      availableCents: START_BALANCE - depositFor(30_000),
      frozenCents: depositFor(30_000),
    });
    const won = (await messages(winner.user.id)).find((m) => m.kind === 'auction_won');
    expect(won?.link).toContain('/console/auction/win');
    expect(won?.body).toContain(lot.domain);
    const live = events.find((e) => (e.payload as { auctionId: string }).auctionId === lot.id.toString());
    expect(live?.payload).toMatchObject({ status: 'ended', winningPriceCents: price, leaderBidderNo: 3 });
    expect((await books(t)).balanced).toBe(true);

    // A second sweep (or instance) changes nothing.
    const again = await sweep(t);
    expect(again.advanced.find((a) => a.sweeper === 'auctions.close')).toBeUndefined();
    expect(await balances(t, loser.user.id)).toMatchObject({ availableCents: START_BALANCE, frozenCents: 0 });
    expect((await lotRow(t, lot.id)).orderId).toBe(order.id);
  });

  it('paying the order releases the winner’s deposit', async () => {
    const { winner, order } = await closedLot();
    const headers = await sessionHeaders(t, winner.user.id);
    const paid = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers });
    expect(paid.json()).toMatchObject({ code: '200', data: { status: 'paid_awaiting_delivery' } });
    await sweep(t);
    expect(await balances(t, winner.user.id)).toMatchObject({
      availableCents: START_BALANCE - order.amountCents,
      frozenCents: 0,
    });
    expect((await books(t)).balanced).toBe(true);
  });

  it('unpaid after 72 hours: buyer violation, the deposit forfeited, the order voided, the buyer told', async () => {
    await restart();
    const { winner, order } = await closedLot();
    const forfeitsBefore = await platformBalance('forfeits');
    t.clock.advance(ORDER_LIMITS.payWindowHours * HOUR - 60);
    await sweep(t);
    expect((await orderOf(BigInt(order.sourceRef as string))).status).toBe('awaiting_payment');
    t.clock.advance(61);
    await sweep(t);
    const voided = await orderOf(BigInt(order.sourceRef as string));
    expect(voided.status).toBe('voided');
    const deposit = depositFor(30_000);
    expect(await balances(t, winner.user.id)).toMatchObject({
      availableCents: START_BALANCE - deposit,
      frozenCents: 0,
    });
    expect((await platformBalance('forfeits')) - forfeitsBefore).toBe(deposit);
    const violation = (await messages(winner.user.id)).find((m) => m.kind === 'order_violation');
    expect(violation?.body).toContain(order.id);
    // Paying now is refused.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: await sessionHeaders(t, winner.user.id),
    });
    expect(late.json().code).toBe('Order.NotPayable');
    expect((await books(t)).balanced).toBe(true);
  });

  it('27 days after the close the domain is delivered: My domains, escrow to partner payables, order completed', async () => {
    await restart();
    const { winner, order, lot } = await closedLot();
    expect((await steer(lot.domain, { redeemed: false })).json().data).toMatchObject({ redeemed: false });
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/orders/pay',
      headers: await sessionHeaders(t, winner.user.id),
      payload: { orderIds: [order.id] },
    });
    expect(pay.json().code).toBe('200');
    const payablesBefore = await platformBalance('partner_payables');
    const escrowBefore = await platformBalance('escrow');
    t.clock.advance(ORDER_LIMITS.deliveryWaitDays * DAY - HOUR);
    await sweep(t);
    expect((await orderOf(lot.id)).status).toBe('paid_awaiting_delivery');
    t.clock.advance(HOUR);
    await sweep(t);
    const done = await orderOf(lot.id);
    expect(done.status).toBe('completed');
    expect((await platformBalance('partner_payables')) - payablesBefore).toBe(order.amountCents);
    expect(escrowBefore - (await platformBalance('escrow'))).toBe(order.amountCents);
    const headers = { ...(await sessionHeaders(t, winner.user.id)), ...EN };
    const mine = await t.app.inject({ method: 'GET', url: '/api/domains', headers });
    expect(mine.json().data.items).toContainEqual(
      expect.objectContaining({
        name: lot.domain,
        tld: 'com',
        registrar: 'GoDaddy',
        // Delivered on 2026-02-01, expiring 2026-03-01: within DOMAIN_RULES.renewableWithinDays.
        status: 'renewable',
        lockStatus: 'closed',
        orderId: order.id,
        expiresAt: '2026-03-01T00:00:00.000Z',
      }),
    );
    const delivered = (await messages(winner.user.id)).find((m) => m.kind === 'order_delivered');
    expect(delivered?.link).toBe('/console/domain/list');
    expect(await balances(t, winner.user.id)).toMatchObject({
      availableCents: START_BALANCE - order.amountCents,
      frozenCents: 0,
    });
    expect((await books(t)).balanced).toBe(true);
  });

  it('a redeemed domain is refunded to the buyer from escrow', async () => {
    const { winner, order, lot } = await closedLot();
    await steer(lot.domain, { redeemed: true });
    await payAndWaitForDelivery(winner.user.id, order.id);
    expect((await orderOf(lot.id)).status).toBe('refunded');
    expect(await balances(t, winner.user.id)).toMatchObject({ availableCents: START_BALANCE, frozenCents: 0 });
    const headers = { ...(await sessionHeaders(t, winner.user.id)), ...EN };
    const mine = await t.app.inject({ method: 'GET', url: '/api/domains', headers });
    expect(mine.json().data.items.map((d: { name: string }) => d.name)).not.toContain(lot.domain);
    expect((await messages(winner.user.id)).map((m) => m.kind)).toContain('order_refunded');
    expect((await books(t)).balanced).toBe(true);
  });

  it('a registrar failure: delivery_failed once, visible to operators, retried later and delivered', async () => {
    const { winner, order, lot } = await closedLot();
    await steer(lot.domain, { redeemed: false, fail: true });
    await payAndWaitForDelivery(winner.user.id, order.id);
    const failed = await orderOf(lot.id);
    expect(failed.status).toBe('delivery_failed');
    expect(failed.deliverAt?.getTime()).toBe(t.clock.now().getTime() + AUCTION_RULES.deliveryRetrySeconds * 1000);

    const support = await signIn(t, 'support');
    const queue = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/deliveries?status=delivery_failed&pageSize=100',
          headers: await sessionHeaders(t, support.user.id),
        })
      ).json().data.items as { orderId: string; attempts: number; lastError: string; buyerAccountNo: string }[];
    expect((await queue()).find((d) => d.orderId === order.id)).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('registrar'),
      buyerAccountNo: winner.user.accountNo,
      nextTryAt: failed.deliverAt?.toISOString(),
    });
    // Not retried before its time; retried (and failing again) after it, still one status change.
    await sweep(t);
    t.clock.advance(AUCTION_RULES.deliveryRetrySeconds);
    await sweep(t);
    expect((await orderOf(lot.id)).status).toBe('delivery_failed');
    expect((await queue()).find((d) => d.orderId === order.id)?.attempts).toBe(2);

    await steer(lot.domain, { fail: false });
    t.clock.advance(AUCTION_RULES.deliveryRetrySeconds);
    await sweep(t);
    expect((await orderOf(lot.id)).status).toBe('completed');
    expect((await queue()).find((d) => d.orderId === order.id)).toBeUndefined();
    const headers = { ...(await sessionHeaders(t, winner.user.id)), ...EN };
    const mine = await t.app.inject({ method: 'GET', url: '/api/domains', headers });
    expect(mine.json().data.items.map((d: { name: string }) => d.name)).toContain(lot.domain);
    expect((await books(t)).balanced).toBe(true);
  });

  it('the delivery queue is for operators only', async () => {
    const { headers } = await signIn(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/deliveries', headers });
    expect(res.statusCode).toBe(403);
    const finance = await signIn(t, 'finance');
    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/deliveries', headers: finance.headers });
    expect(denied.statusCode).toBe(403);
  });
});
