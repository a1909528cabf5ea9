import {
  AUCTION_RULES,
  AUCTION_TRANSITIONS,
  type AdminDeliveriesQuery,
  type AdminDelivery,
  type AuctionLive,
  ORDER_LIMITS,
  type OrderStatus,
  type Page,
} from '@namebourse/contract';
import type { RedemptionReport } from '../../adapters/registrar/port.ts';
import type { App } from '../../platform/app-context.ts';
import type { Tx } from '../../db/open-database.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { captureMany, heldForEach, releaseMany } from '../ledger/ledger.service.ts';
import { type NotifyInput, notify, notifyMany } from '../messages/messages.service.ts';
import {
  completeOrder,
  createOrder,
  createOrders,
  getOrderBySource,
  listOrdersInStatus,
  lockOrder,
  lockOrders,
  type OrderRow,
  orderStatusIn,
  refundOrder,
  rescheduleDelivery,
  transitionOrder,
  transitionOrders,
} from '../orders/orders.service.ts';
import { AUCTION_EVENTS, depositRef, forfeitDeposit, publishLive, releaseDeposit, toLive } from './auctions.service.ts';
import {
  type ClosingAuctionRow,
  type ClosingBidderRow,
  claimPaidWinnerDeposits,
  clearDeposits,
  endLots,
  findLot,
  listBiddersOfLots,
  listLotBidders,
  lockBidders,
  lockDueLots,
  lockLots,
  lockWinnerDeposits,
  lockBidder,
  lockLot,
  updateLotFrom,
  type WinnerDepositRow,
} from './auctions.closing.repository.ts';

/**
 * The lot's life after bidding (issue 5 Rules: close, payment, violation, delivery), driven by the
 * sweeper (DESIGN.md §3). Every step runs in one database transaction per lot or order, re-checks
 * the row's state under its lock, moves statuses through AUCTION_TRANSITIONS / ORDER_TRANSITIONS
 * with conditional updates, and moves money through the ledger with a deterministic idempotency
 * key, so a crash at any point or a second server instance never applies a step twice. Events
 * are published after commit.
 */

/**
 * Why a deposit moves after bidding (the bidding service's releaseDeposit / forfeitDeposit make it
 * part of the ledger idempotency key: one business event, one key).
 */
export const DEPOSIT_REASONS = { lost: 'lost', paid: 'paid', violation: 'violation' } as const;

/** Order statuses in which the winner has paid (the deposit is then released). */
export const PAID_ORDER_STATUSES: OrderStatus[] = [
  'paid_awaiting_delivery',
  'transferring',
  'delivery_failed',
  'completed',
  'refunded',
  'confiscated',
];

/** Where the won-auction message leads. */
const WON_LINK = '/console/auction/win';
/** Where the delivered message leads. */
const DOMAINS_LINK = '/console/domain/list';

type ClosingApp = Pick<App, 'platform' | 'log'>;

/** The lot id an auction order refers to (null for orders that did not come from a lot). */
export function lotIdOf(order: Pick<OrderRow, 'source' | 'sourceRef'>): bigint | null {
  if (order.source !== 'auction' || !order.sourceRef || !/^\d{1,19}$/.test(order.sourceRef)) return null;
  return BigInt(order.sourceRef);
}

// ---- Open: scheduled → bidding ----

export async function openLot(
  app: ClosingApp,
  tx: Tx,
  claimed: ClosingAuctionRow,
  now: Date,
): Promise<AfterCommit | undefined> {
  const lot = await lockLot(tx, claimed.id);
  if (lot?.status !== 'scheduled' || lot.startsAt > now) return undefined;
  assertTransition(AUCTION_TRANSITIONS, 'scheduled', 'bidding');
  const opened = await updateLotFrom(tx, lot.id, 'scheduled', { status: 'bidding', updatedAt: now });
  if (!opened) return undefined;
  const live: AuctionLive = toLive(opened, null);
  return () => publishLive(app, AUCTION_EVENTS.updated, live);
}

// ---- Close: bidding → ended, the winner's order, the losers' deposits ----

/**
 * Closes a lot whose end has come: without bids it ends without a winner; otherwise the leader
 * wins at the current price with an order awaiting payment (pay-by close + 72 h, delivery at close
 * + 27 days), every other non-exited bidder's deposit is released, and the winner is told.
 */
export async function closeLot(
  app: ClosingApp,
  tx: Tx,
  claimed: ClosingAuctionRow,
  now: Date,
): Promise<AfterCommit | undefined> {
  const lot = await lockLot(tx, claimed.id);
  if (lot?.status !== 'bidding' || lot.endsAt > now) return undefined;
  assertTransition(AUCTION_TRANSITIONS, 'bidding', 'ended');
  const bidders = await listLotBidders(tx, lot.id);
  const winnerId = lot.bidCount > 0 ? lot.leaderId : null;
  let closed: ClosingAuctionRow | undefined;
  let winner: ClosingBidderRow | undefined;
  if (winnerId === null) {
    closed = await updateLotFrom(tx, lot.id, 'bidding', { status: 'ended', closedAt: now, updatedAt: now });
  } else {
    winner = bidders.find((b) => b.userId === winnerId);
    const payBy = new Date(now.getTime() + ORDER_LIMITS.payWindowHours * 3600_000);
    const order = await createOrder(tx, {
      buyerId: winnerId,
      partner: lot.partner,
      source: 'auction',
      sourceRef: lot.id.toString(),
      domain: lot.domain,
      amountExTaxCents: lot.currentPriceCents,
      payBy,
      deliverAt: new Date(now.getTime() + ORDER_LIMITS.deliveryWaitDays * 86_400_000),
      now,
      actor: 'system',
    });
    closed = await updateLotFrom(tx, lot.id, 'bidding', {
      status: 'ended',
      winnerId,
      winningPriceCents: lot.currentPriceCents,
      orderId: order.id,
      closedAt: now,
      updatedAt: now,
    });
    if (closed) {
      await notify(tx, {
        userId: winnerId,
        kind: 'auction_won',
        params: {
          auctionId: lot.id.toString(),
          orderId: order.id,
          domain: lot.domain,
          amountCents: lot.currentPriceCents,
          payBy: (order.payBy ?? payBy).toISOString(),
        },
        link: `${WON_LINK}?orderId=${encodeURIComponent(order.id)}`,
        dedupeKey: `auction:${lot.id}:won`,
        now,
      });
    }
  }
  // The lot is locked and was bidding: a failed conditional update means something else changed
  // it under us; throwing rolls this lot's savepoint back (order included).
  if (!closed) throw new Error(`auction ${lot.id}: close lost a race it cannot lose under the lock`);
  for (const bidder of bidders) {
    if (bidder.userId === winnerId || bidder.exitedAt !== null) continue;
    await releaseDeposit(tx, { auctionId: lot.id, userId: bidder.userId, now, reason: DEPOSIT_REASONS.lost });
  }
  const live = toLive(closed, winner?.bidderNo ?? null);
  return () => publishLive(app, AUCTION_EVENTS.closed, live);
}

/** The ledger key of a deposit release: the one the bidding service's releaseDeposit uses. */
function depositReleaseKey(auctionId: bigint, userId: bigint, reason: string): string {
  return `auction:${auctionId}:deposit-release:${userId}:${reason}`;
}

/**
 * `closeLot` for a whole sweep batch, set-based: a few statements for all the lots instead of a
 * few per lot (10,000 lots ending in the same second). Same re-checks under the locks, same
 * transitions, orders, messages, ledger keys and events as closeLot for each lot; run by the
 * sweeper in one savepoint, and when it throws the batch is closed lot by lot with closeLot.
 */
export async function closeLots(
  app: ClosingApp,
  tx: Tx,
  claimed: ClosingAuctionRow[],
  now: Date,
): Promise<AfterCommit | undefined> {
  const lots = await lockDueLots(
    tx,
    claimed.map((l) => l.id),
    now,
  );
  if (lots.length === 0) return undefined;
  assertTransition(AUCTION_TRANSITIONS, 'bidding', 'ended');
  const biddersOf = new Map<bigint, ClosingBidderRow[]>();
  for (const bidder of await listBiddersOfLots(
    tx,
    lots.map((l) => l.id),
  )) {
    const list = biddersOf.get(bidder.auctionId);
    if (list) list.push(bidder);
    else biddersOf.set(bidder.auctionId, [bidder]);
  }
  const winnerOf = (lot: ClosingAuctionRow) => (lot.bidCount > 0 ? lot.leaderId : null);
  const won = lots.filter((lot) => winnerOf(lot) !== null);
  const payBy = new Date(now.getTime() + ORDER_LIMITS.payWindowHours * 3600_000);
  const deliverAt = new Date(now.getTime() + ORDER_LIMITS.deliveryWaitDays * 86_400_000);
  const orders = await createOrders(
    tx,
    won.map((lot) => ({
      buyerId: winnerOf(lot) as bigint,
      partner: lot.partner,
      source: 'auction',
      sourceRef: lot.id.toString(),
      domain: lot.domain,
      amountExTaxCents: lot.currentPriceCents,
      payBy,
      deliverAt,
      now,
      actor: 'system',
    })),
  );
  const orderOf = new Map(won.map((lot, i) => [lot.id, orders[i] as OrderRow]));
  const closed = await endLots(
    tx,
    lots.map((lot) => {
      const order = orderOf.get(lot.id);
      const winnerId = winnerOf(lot);
      return {
        id: lot.id,
        winner:
          order && winnerId !== null
            ? { userId: winnerId, priceCents: lot.currentPriceCents, orderId: order.id }
            : null,
      };
    }),
    now,
  );
  // The lots are locked and were bidding: one that did not move means something changed it under
  // us; throwing rolls the batch back (orders included) and the sweeper closes the lots one by one.
  if (closed.length !== lots.length) {
    throw new Error(`close batch: ${lots.length - closed.length} of ${lots.length} lots did not move under the lock`);
  }
  const messages: NotifyInput[] = [];
  for (const lot of won) {
    const order = orderOf.get(lot.id) as OrderRow;
    messages.push({
      userId: winnerOf(lot) as bigint,
      kind: 'auction_won',
      params: {
        auctionId: lot.id.toString(),
        orderId: order.id,
        domain: lot.domain,
        amountCents: lot.currentPriceCents,
        payBy: (order.payBy ?? payBy).toISOString(),
      },
      link: `${WON_LINK}?orderId=${encodeURIComponent(order.id)}`,
      dedupeKey: `auction:${lot.id}:won`,
      now,
    });
  }
  for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT) {
    await notifyMany(tx, messages.slice(i, i + MESSAGES_PER_STATEMENT));
  }
  // Every other non-exited bidder lost: their whole deposit goes back (as releaseDeposit does).
  const losers = lots.flatMap((lot) =>
    (biddersOf.get(lot.id) ?? []).filter((b) => b.userId !== winnerOf(lot) && b.exitedAt === null),
  );
  await settleDepositsOf(tx, now, losers, DEPOSIT_REASONS.lost);
  const lives = closed.map((row) => {
    const winnerId = row.winnerId;
    const winner = winnerId === null ? undefined : biddersOf.get(row.id)?.find((b) => b.userId === winnerId);
    return toLive(row, winner?.bidderNo ?? null);
  });
  return () => publishLives(app, AUCTION_EVENTS.closed, lives);
}

/**
 * Settles the whole deposit each (lot, bidder) holds — released (frozen → available) or, for a
 * violation, forfeited to the platform — with one ledger key per bidder, lot and reason (as
 * releaseDeposit / forfeitDeposit), and records 0 on their bidder rows, in a few statements for all
 * of them. Returns what each held, in order.
 */
async function settleDepositsOf(
  tx: Tx,
  now: Date,
  bidders: { auctionId: bigint; userId: bigint }[],
  reason: (typeof DEPOSIT_REASONS)[keyof typeof DEPOSIT_REASONS],
): Promise<number[]> {
  const held = await heldForEach(
    tx,
    bidders.map((b) => ({ userId: b.userId, ref: depositRef(b.auctionId) })),
  );
  const moves = bidders.flatMap((b, i) => {
    const cents = held[i] ?? 0;
    return cents > 0 ? [{ userId: b.userId, auctionId: b.auctionId, amountCents: cents }] : [];
  });
  if (reason === DEPOSIT_REASONS.violation) {
    await captureMany(
      tx,
      now,
      moves.map((m) => ({
        userId: m.userId,
        amountCents: m.amountCents,
        ref: depositRef(m.auctionId),
        to: { platform: 'forfeits' } as const,
        kind: 'deposit_forfeit' as const,
        idempotencyKey: `auction:${m.auctionId}:deposit-forfeit:${m.userId}:${reason}`,
        memo: reason,
      })),
    );
  } else {
    await releaseMany(
      tx,
      now,
      moves.map((m) => ({
        userId: m.userId,
        amountCents: m.amountCents,
        ref: depositRef(m.auctionId),
        idempotencyKey: depositReleaseKey(m.auctionId, m.userId, reason),
        memo: reason,
      })),
    );
  }
  await clearDeposits(tx, bidders);
  return held;
}

/** Messages per notifyMany statement (6 parameters a message). */
const MESSAGES_PER_STATEMENT = 2_000;

/** Publishes many lots' live states after commit (one round trip per slice); a failure is logged. */
async function publishLives(
  app: ClosingApp,
  name: (typeof AUCTION_EVENTS)[keyof typeof AUCTION_EVENTS],
  lives: AuctionLive[],
): Promise<void> {
  try {
    await app.platform.events.publishMany(lives.map((payload) => ({ name, payload })));
  } catch (err) {
    app.log.warn({ err, event: name, lots: lives.length }, 'auction events not published');
  }
}

// ---- The winner paid: release the winner's deposit ----

/** Releases a paid winner's deposit (claimed by the sweeper, or run right after order.paid). */
export async function releasePaidWinnerDeposit(tx: Tx, row: WinnerDepositRow, now: Date): Promise<number> {
  const bidder = await lockBidder(tx, row.auctionId, row.userId);
  const lot = await findLot(tx, row.auctionId);
  if (!bidder || !lot || lot.winnerId !== row.userId || bidder.depositCents <= 0) return 0;
  return releaseDeposit(tx, { auctionId: lot.id, userId: row.userId, now, reason: DEPOSIT_REASONS.paid });
}

/**
 * `releasePaidWinnerDeposit` for a whole sweep batch, set-based: the same check (the user won
 * the lot and still has a deposit on it, under the bidder row's lock), the same ledger key and
 * the deposit recorded as 0, in a few statements for the batch. The sweeper runs it in one
 * savepoint and falls back to one by one when it throws.
 */
export async function releasePaidWinnerDeposits(tx: Tx, rows: WinnerDepositRow[], now: Date): Promise<void> {
  const winners = await lockWinnerDeposits(tx, rows);
  await settleDepositsOf(tx, now, winners, DEPOSIT_REASONS.paid);
}

/** Claims winners whose order is paid and whose deposit is still held. */
export function claimPaidWinners(tx: Tx, now: Date, limit: number): Promise<WinnerDepositRow[]> {
  return claimPaidWinnerDeposits(tx, now, limit, (orderId) => orderStatusIn(orderId, PAID_ORDER_STATUSES));
}

/**
 * Releases the deposit of the winner who just paid, outside the periodic sweep (on `order.paid`,
 * which is best effort: the sweep is what makes it reliable). Only that order's lot is looked at,
 * so a burst of payments costs one small transaction each. Returns the cents released.
 */
export async function releasePaidWinnerNow(
  app: ClosingApp,
  paid: { orderId: string; auctionId: bigint; userId: bigint },
): Promise<number> {
  const { db, clock } = app.platform;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await getOrderBySource(tx, 'auction', paid.auctionId.toString());
    if (order?.id !== paid.orderId || order.buyerId !== paid.userId) return 0;
    if (!PAID_ORDER_STATUSES.includes(order.status as OrderStatus)) return 0;
    return releasePaidWinnerDeposit(tx, { auctionId: paid.auctionId, userId: paid.userId, orderId: order.id }, now);
  });
}

// ---- Violation: buyer_violation → deposit forfeited, order voided ----

/** An auction order left unpaid (buyer_violation): the winner's deposit goes to forfeits, the order is voided. */
export async function forfeitUnpaid(tx: Tx, claimed: OrderRow, now: Date): Promise<void> {
  const order = await lockOrder(tx, claimed.id);
  if (order?.status !== 'buyer_violation') return;
  const lotId = lotIdOf(order);
  let forfeited = 0;
  if (lotId !== null) {
    const lot = await lockLot(tx, lotId);
    if (lot) {
      await lockBidder(tx, lotId, order.buyerId);
      forfeited = await forfeitDeposit(tx, {
        auctionId: lotId,
        userId: order.buyerId,
        now,
        reason: DEPOSIT_REASONS.violation,
      });
    }
  }
  await transitionOrder(tx, order, 'voided', {
    now,
    actor: 'system',
    action: 'forfeit',
    reason: forfeited > 0 ? `unpaid: deposit of ${forfeited} cents forfeited` : 'unpaid',
  });
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_violation',
    params: { orderId: order.id, domain: order.domain, depositCents: forfeited },
    link: `${WON_LINK}?status=violation`,
    dedupeKey: `order:${order.id}:violation`,
    now,
  });
}

/**
 * `forfeitUnpaid` for a whole sweep batch, set-based: the same re-check (the order is still in
 * buyer_violation under its lock), locks (orders, lots, bidder rows), ledger keys, transition,
 * audit reasons and messages, in a few statements for the batch. The sweeper runs it in one
 * savepoint and falls back to one by one when it throws.
 */
export async function forfeitUnpaidMany(tx: Tx, claimed: OrderRow[], now: Date): Promise<void> {
  const orders = (
    await lockOrders(
      tx,
      claimed.map((o) => o.id),
    )
  ).filter((o) => o.status === 'buyer_violation');
  if (orders.length === 0) return;
  const lotIds = [...new Set(orders.map(lotIdOf).filter((id): id is bigint => id !== null))];
  const lots = new Set((await lockLots(tx, lotIds)).map((lot) => lot.id));
  // The winner's deposit of each order's lot (as forfeitUnpaid: only when the lot exists).
  const deposits = orders.flatMap((order) => {
    const auctionId = lotIdOf(order);
    return auctionId !== null && lots.has(auctionId) ? [{ order, auctionId, userId: order.buyerId }] : [];
  });
  await lockBidders(tx, deposits);
  const held = await settleDepositsOf(tx, now, deposits, DEPOSIT_REASONS.violation);
  const forfeited = new Map(deposits.map((d, i) => [d.order.id, held[i] ?? 0]));
  await transitionOrders(
    tx,
    orders.map((order) => {
      const cents = forfeited.get(order.id) ?? 0;
      return { order, reason: cents > 0 ? `unpaid: deposit of ${cents} cents forfeited` : 'unpaid' };
    }),
    'voided',
    { now, actor: 'system', action: 'forfeit' },
  );
  const messages: NotifyInput[] = orders.map((order) => ({
    userId: order.buyerId,
    kind: 'order_violation',
    params: { orderId: order.id, domain: order.domain, depositCents: forfeited.get(order.id) ?? 0 },
    link: `${WON_LINK}?status=violation`,
    dedupeKey: `order:${order.id}:violation`,
    now,
  }));
  for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT) {
    await notifyMany(tx, messages.slice(i, i + MESSAGES_PER_STATEMENT));
  }
}

// ---- Delivery: at close + 27 days ask the registrar ----

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

/**
 * A paid auction order whose delivery time came: the registrar says whether the old holder
 * redeemed. Not redeemed → the domain goes into the buyer's My domains and escrow to the partner's
 * payables (order completed); redeemed → refunded from escrow; a registrar failure → delivery_failed
 * (once), the next try AUCTION_RULES.deliveryRetrySeconds later, the reason in the audit.
 */
export async function deliverOrder(
  app: ClosingApp,
  tx: Tx,
  claimed: OrderRow,
  now: Date,
  /** The registrar's answer when the caller already asked (deliverOrders asks for a whole batch at once). */
  asked?: Promise<RedemptionReport>,
): Promise<void> {
  const order = await lockOrder(tx, claimed.id);
  if (!order || (order.status !== 'paid_awaiting_delivery' && order.status !== 'delivery_failed')) return;
  if (order.deliverAt === null || order.deliverAt > now) return;
  const lotId = lotIdOf(order);
  const lot = lotId === null ? undefined : await findLot(tx, lotId);
  let redeemed: boolean;
  try {
    ({ redeemed } = await (asked ?? app.platform.registrar.checkRedemption(order.domain)));
  } catch (err) {
    const reason = `registrar ${app.platform.registrar.name}: ${errorText(err)}`;
    const deliverAt = new Date(now.getTime() + AUCTION_RULES.deliveryRetrySeconds * 1000);
    if (order.status === 'paid_awaiting_delivery') {
      await transitionOrder(tx, order, 'delivery_failed', {
        now,
        actor: 'system',
        action: 'delivery_failed',
        reason,
        set: { deliverAt },
      });
    } else {
      await rescheduleDelivery(tx, order, { deliverAt, now, reason });
    }
    app.log.warn({ orderId: order.id, domain: order.domain, err }, 'delivery failed; retrying later');
    return;
  }
  if (redeemed) {
    await refundOrder(tx, { order, actor: 'system', now, reason: 'redeemed' });
    return;
  }
  await completeOrder(tx, { order, actor: 'system', now });
  await deliverDomain(tx, {
    userId: order.buyerId,
    domain: order.domain,
    registrar: lot?.registrar ?? 'NameBourse',
    registeredAt: lot?.registeredAt ?? null,
    expiresAt: lot?.expiresAt ?? null,
    orderId: order.id,
    now,
  });
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_delivered',
    params: { orderId: order.id, domain: order.domain },
    link: DOMAINS_LINK,
    dedupeKey: `order:${order.id}:delivered`,
    now,
  });
}

/**
 * `deliverOrder` for a sweep batch: the registrar is asked about every order of the batch at once
 * (its latency, not the database, is what a delivery waits on), then each order is delivered,
 * refunded or rescheduled exactly as deliverOrder does, with its answer. The sweeper runs it in one
 * savepoint and falls back to deliverOrder one by one (asking again) when it throws.
 */
export async function deliverOrders(app: ClosingApp, tx: Tx, claimed: OrderRow[], now: Date): Promise<void> {
  const asked = claimed.map((order) => {
    const answer = app.platform.registrar.checkRedemption(order.domain);
    // Awaited in turn below; a rejection is handled there, never left unhandled meanwhile.
    answer.catch(() => undefined);
    return answer;
  });
  for (const [i, order] of claimed.entries()) await deliverOrder(app, tx, order, now, asked[i]);
}

// ---- Operators: the delivery queue ----

const FAILURE_ACTIONS = new Set(['delivery_failed', 'delivery_retry_failed']);

/** GET /api/admin/deliveries: auction orders in a delivery status, with their failed attempts. */
export async function listDeliveries(
  app: Pick<App, 'platform'>,
  query: AdminDeliveriesQuery,
): Promise<Page<AdminDelivery>> {
  const { db } = app.platform;
  const { items, total } = await listOrdersInStatus(
    db,
    { source: 'auction', status: query.status },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const users = await getUsersByIds(
    app,
    items.map((o) => o.buyerId),
  );
  const out: AdminDelivery[] = [];
  for (const order of items) {
    const failures = (await auditTrail(db, 'order', order.id)).filter((a) => FAILURE_ACTIONS.has(a.action));
    const last = failures[0];
    out.push({
      orderId: order.id,
      domain: order.domain,
      status: query.status,
      buyerAccountNo: users.get(order.buyerId.toString())?.accountNo ?? '',
      amountCents: order.amountCents,
      auctionId: lotIdOf(order)?.toString() ?? null,
      attempts: failures.length,
      lastError: last?.reason ?? null,
      lastAttemptAt: last ? last.createdAt.toISOString() : null,
      nextTryAt: order.deliverAt ? order.deliverAt.toISOString() : null,
    });
  }
  return { items: out, total, page: query.page, pageSize: query.pageSize };
}
