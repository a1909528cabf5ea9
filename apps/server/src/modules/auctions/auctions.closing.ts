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
import type { App } from '../../app.ts';
import type { Tx } from '../../db/open-database.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { notify } from '../messages/messages.service.ts';
import {
  completeOrder,
  createOrder,
  listOrdersInStatus,
  lockOrder,
  type OrderRow,
  orderStatusIn,
  refundOrder,
  rescheduleDelivery,
  transitionOrder,
} from '../orders/orders.service.ts';
import { AUCTION_EVENTS, forfeitDeposit, publishLive, releaseDeposit, toLive } from './auctions.service.ts';
import {
  type ClosingAuctionRow,
  type ClosingBidderRow,
  claimPaidWinnerDeposits,
  findLot,
  listLotBidders,
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

// ---- The winner paid: release the winner's deposit ----

/** Releases a paid winner's deposit (claimed by the sweeper, or run right after order.paid). */
export async function releasePaidWinnerDeposit(tx: Tx, row: WinnerDepositRow, now: Date): Promise<number> {
  const bidder = await lockBidder(tx, row.auctionId, row.userId);
  const lot = await findLot(tx, row.auctionId);
  if (!bidder || !lot || lot.winnerId !== row.userId || bidder.depositCents <= 0) return 0;
  return releaseDeposit(tx, { auctionId: lot.id, userId: row.userId, now, reason: DEPOSIT_REASONS.paid });
}

/** Claims winners whose order is paid and whose deposit is still held. */
export function claimPaidWinners(tx: Tx, now: Date, limit: number): Promise<WinnerDepositRow[]> {
  return claimPaidWinnerDeposits(tx, now, limit, (orderId) => orderStatusIn(orderId, PAID_ORDER_STATUSES));
}

/**
 * Runs the winner-deposit step now, outside the periodic sweep (on `order.paid`, which is best
 * effort: the sweep is what makes it reliable). Returns how many deposits were released.
 */
export async function releasePaidWinnersNow(app: ClosingApp): Promise<number> {
  const { db, clock } = app.platform;
  const now = clock.now();
  return db.transaction(async (tx) => {
    let released = 0;
    for (const row of await claimPaidWinners(tx, now, 100)) {
      if ((await releasePaidWinnerDeposit(tx, row, now)) > 0) released++;
    }
    return released;
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
export async function deliverOrder(app: ClosingApp, tx: Tx, claimed: OrderRow, now: Date): Promise<void> {
  const order = await lockOrder(tx, claimed.id);
  if (!order || (order.status !== 'paid_awaiting_delivery' && order.status !== 'delivery_failed')) return;
  if (order.deliverAt === null || order.deliverAt > now) return;
  const lotId = lotIdOf(order);
  const lot = lotId === null ? undefined : await findLot(tx, lotId);
  let redeemed: boolean;
  try {
    ({ redeemed } = await app.platform.registrar.checkRedemption(order.domain));
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
