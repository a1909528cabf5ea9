import { ORDER_TRANSITIONS, type OrderStatus } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { type Actor, recordAudit, recordAudits } from '../admin/audit.service.ts';
import { type Posting, transfer } from '../ledger/ledger.service.ts';
import { notify } from '../messages/messages.service.ts';
import { sellerOrderLapsed, sellerOrderPaid } from './orders.hooks.ts';
import {
  findOrder,
  markPaymentReminded,
  type OrderRow,
  updateOrderFrom,
  updateOrdersFrom,
} from './orders.repository.ts';
import {
  type BillingSnapshot,
  deliverAtOnPayment,
  eventPayload,
  invoiceNoFor,
  isPayable,
  ORDER_EVENTS,
  type OrderEventPayload,
  orderLink,
  saleSplit,
  unpaidStatus,
} from './orders.rules.ts';

/**
 * An order's life after it is created: every status change through ORDER_TRANSITIONS, conditional
 * on the old status and audited (Order.InvalidTransition for an illegal move); payment into
 * escrow, delivery (escrow → seller or partner) and refund (escrow → buyer), each one ledger
 * transaction; the payment deadline and its reminder (the sweeper); the events published after commit.
 */

/** The error for an order's illegal move (each entity has its own code). */
const INVALID = 'Order.InvalidTransition';

// ---- Status changes ----

export interface TransitionOptions {
  now: Date;
  actor: Actor;
  /** The audit action (defaults to the target status). */
  action?: string;
  reason?: string | null;
  /** Other columns written with the status (paidAt, completedAt …). */
  set?: Partial<
    Pick<
      OrderRow,
      | 'paidAt'
      | 'completedAt'
      | 'deliverAt'
      | 'billingSnapshot'
      | 'invoiceNo'
      | 'deliveryError'
      | 'reclaimableUntil'
      | 'registryCheckAt'
    >
  >;
  /** The error for an illegal move (default Order.InvalidTransition). */
  code?: 'Order.NotPayable' | typeof INVALID;
}

/**
 * Moves an order to `to` through ORDER_TRANSITIONS, conditional on its current status (a
 * concurrent change makes it fail with the same code), and records it in the audit log.
 */
export async function transitionOrder(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  options: TransitionOptions,
): Promise<OrderRow> {
  const from = order.status as OrderStatus;
  const code = options.code ?? INVALID;
  assertTransition(ORDER_TRANSITIONS, from, to, code);
  const updated = await updateOrderFrom(tx, order.id, from, { ...options.set, status: to, updatedAt: options.now });
  if (!updated) throw new AppError(code, { data: { from, to } });
  await recordAudit(tx, {
    entityType: 'order',
    entityId: order.id,
    action: options.action ?? to,
    fromStatus: from,
    toStatus: to,
    reason: options.reason ?? null,
    actor: options.actor,
    now: options.now,
  });
  return updated;
}

/**
 * `transitionOrder` for many orders at once (a sweep batch): each through ORDER_TRANSITIONS and
 * conditional on its current status, one audit entry each (with its own reason), in a few
 * statements. All or nothing: an illegal move, or an order that changed under us, refuses the
 * call with the same code (run it in a savepoint to keep the caller's transaction usable).
 * Returns the updated rows in input order.
 */
export async function transitionOrders(
  tx: Tx,
  items: { order: OrderRow; reason?: string | null }[],
  to: OrderStatus,
  options: Omit<TransitionOptions, 'reason'>,
): Promise<OrderRow[]> {
  const code = options.code ?? INVALID;
  const byFrom = new Map<OrderStatus, string[]>();
  const seen = new Set<string>();
  for (const { order } of items) {
    const from = order.status as OrderStatus;
    assertTransition(ORDER_TRANSITIONS, from, to, code);
    // The same order twice: its second move would find it moved already.
    if (seen.has(order.id)) throw new AppError(code, { data: { from, to } });
    seen.add(order.id);
    const ids = byFrom.get(from);
    if (ids) ids.push(order.id);
    else byFrom.set(from, [order.id]);
  }
  const updated = new Map<string, OrderRow>();
  for (const [from, ids] of byFrom) {
    const rows = await updateOrdersFrom(tx, ids, from, { ...options.set, status: to, updatedAt: options.now });
    for (const row of rows) updated.set(row.id, row);
    if (rows.length !== ids.length) {
      const stale = ids.find((id) => !updated.has(id));
      throw new AppError(code, { data: { from, to, orderId: stale } });
    }
  }
  await recordAudits(
    tx,
    items.map(({ order, reason }) => ({
      entityType: 'order',
      entityId: order.id,
      action: options.action ?? to,
      fromStatus: order.status,
      toStatus: to,
      reason: reason ?? null,
      actor: options.actor,
      now: options.now,
    })),
  );
  return items.map(({ order }) => updated.get(order.id) as OrderRow);
}

// ---- Payment ----

export interface PayOrderInput {
  /** The order, locked by the caller (FOR UPDATE) in this transaction. */
  order: OrderRow;
  actor: Actor;
  billing: BillingSnapshot | null;
  now: Date;
  /**
   * Days a seller has to push a domain held elsewhere (the externalDeliveryDays parameter in force:
   * `app.platform.parameters.get('externalDeliveryDays')`); absent: the parameter's default (tests).
   */
  externalDeliveryDays?: number;
}

/**
 * Pays one awaiting order of its buyer: one ledger transaction moves the amount from the buyer's
 * available balance into escrow (kind order_payment, key `order:pay:<id>`), the order moves to
 * paid_awaiting_delivery with the billing snapshot and an invoice number, the change is audited
 * and the buyer gets a message. The delivery date follows how the domain reaches the buyer
 * (deliverAtOnPayment: a domain held here at once, a seller's push by its deadline, a partner's lot
 * after the registry wait): every paid order of a domain is delivered, refunded or visibly retried
 * by the delivery sweeper at that date, never left without one. A seller's order also runs the
 * seller's hooks (the seller is told). Order.NotPayable when the order cannot be paid (any other
 * status, or its window has closed); Funds.InsufficientBalance when the balance is short.
 */
export async function payOrder(tx: Tx, input: PayOrderInput): Promise<OrderRow> {
  const { order, now } = input;
  assertTransition(ORDER_TRANSITIONS, order.status as OrderStatus, 'paid_awaiting_delivery', 'Order.NotPayable');
  if (!isPayable(order, now)) throw new AppError('Order.NotPayable', { data: { reason: 'payment_window_closed' } });
  await transfer(tx, now, {
    kind: 'order_payment',
    idempotencyKey: `order:pay:${order.id}`,
    ref: { type: 'order', id: order.id },
    memo: order.domain,
    actorId: input.actor === 'system' ? null : input.actor.id,
    postings: [
      { account: { userId: order.buyerId, bucket: 'available' }, amountCents: -order.amountCents },
      { account: { platform: 'escrow' }, amountCents: order.amountCents },
    ],
  });
  const paid = await transitionOrder(tx, order, 'paid_awaiting_delivery', {
    now,
    actor: input.actor,
    action: 'pay',
    code: 'Order.NotPayable',
    set: {
      paidAt: now,
      deliverAt: deliverAtOnPayment(order, now, input.externalDeliveryDays),
      billingSnapshot: input.billing ? JSON.stringify(input.billing) : null,
      invoiceNo: invoiceNoFor(order.id),
    },
  });
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_paid',
    params: { orderId: order.id, domain: order.domain, amountCents: order.amountCents },
    link: orderLink(order.id),
    dedupeKey: `order:${order.id}:paid`,
    now,
  });
  await sellerOrderPaid(tx, paid, now);
  return paid;
}

/** Publishes after commit; an event bus failure is logged, never undoes the committed change. */
export async function publishOrderEvent(
  app: Pick<App, 'platform' | 'log'>,
  name: string,
  payload: OrderEventPayload,
): Promise<void> {
  try {
    await app.platform.events.publish(name, payload);
  } catch (err) {
    app.log.warn({ err, event: name, orderId: payload.orderId }, 'order event not published');
  }
}

// ---- Delivery (the domains/auctions areas call this when the domain reaches the buyer) ----

/**
 * Completes a paid order in one ledger transaction, and the order → completed. A seller's sale
 * (sale_proceeds): escrow → the seller's earnings net of the commission (at the order's rate, the
 * listing's fee lock), the commission → the platform's fees, the tax → tax_payable (saleSplit). A
 * partner's lot (order_delivery): escrow → the partner payables, the whole amount.
 */
export async function completeOrder(tx: Tx, input: { order: OrderRow; actor: Actor; now: Date }): Promise<OrderRow> {
  const { order, now } = input;
  assertTransition(ORDER_TRANSITIONS, order.status as OrderStatus, 'completed', INVALID);
  const toSeller = order.sellerId !== null;
  await transfer(tx, now, {
    kind: toSeller ? 'sale_proceeds' : 'order_delivery',
    idempotencyKey: `order:deliver:${order.id}`,
    ref: { type: 'order', id: order.id },
    memo: order.domain,
    actorId: input.actor === 'system' ? null : input.actor.id,
    postings: [
      { account: { platform: 'escrow' }, amountCents: -order.amountCents },
      ...(toSeller
        ? saleCredits(order, order.sellerId as bigint)
        : [{ account: { platform: 'partner_payables' as const }, amountCents: order.amountCents }]),
    ],
  });
  return transitionOrder(tx, order, 'completed', {
    now,
    actor: input.actor,
    action: 'complete',
    set: { completedAt: now, deliveryError: null, registryCheckAt: null },
  });
}

/** A sale's credits out of escrow: the seller's net, the commission, the tax (a zero share is left out). */
function saleCredits(order: OrderRow, sellerId: bigint): Posting[] {
  const split = saleSplit(order);
  const credits: Posting[] = [
    { account: { userId: sellerId, bucket: 'earnings' }, amountCents: split.netCents },
    { account: { platform: 'fees' }, amountCents: split.commissionCents },
    { account: { platform: 'tax_payable' }, amountCents: split.taxCents },
  ];
  return credits.filter((p) => p.amountCents !== 0);
}

/**
 * Refunds a paid order whose domain cannot reach the buyer (the old holder redeemed it, the
 * transfer failed for good, or it was confiscated): escrow → the buyer's available balance
 * (order_refund, key `order:refund:<id>`) in one ledger transaction, the order → refunded, and
 * the buyer is told. Any status the transition table does not allow is Order.InvalidTransition.
 */
export async function refundOrder(
  tx: Tx,
  input: {
    order: OrderRow;
    actor: Actor;
    now: Date;
    reason?: string;
    /** A goodwill credit paid with the refund (the message names it). */
    goodwillCents?: number;
  },
): Promise<OrderRow> {
  const { order, now } = input;
  assertTransition(ORDER_TRANSITIONS, order.status as OrderStatus, 'refunded', INVALID);
  await transfer(tx, now, {
    kind: 'order_refund',
    idempotencyKey: `order:refund:${order.id}`,
    ref: { type: 'order', id: order.id },
    memo: order.domain,
    actorId: input.actor === 'system' ? null : input.actor.id,
    postings: [
      { account: { platform: 'escrow' }, amountCents: -order.amountCents },
      { account: { userId: order.buyerId, bucket: 'available' }, amountCents: order.amountCents },
    ],
  });
  const refunded = await transitionOrder(tx, order, 'refunded', {
    now,
    actor: input.actor,
    action: 'refund',
    reason: input.reason ?? null,
    set: { deliveryError: null, registryCheckAt: null },
  });
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_refunded',
    params: {
      orderId: order.id,
      domain: order.domain,
      amountCents: order.amountCents,
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.goodwillCents ? { goodwillCents: input.goodwillCents } : {}),
    },
    link: orderLink(order.id),
    dedupeKey: `order:${order.id}:refunded`,
    now,
  });
  return refunded;
}

// ---- Deadlines (the sweeper) ----

/**
 * An order whose payment window passed unpaid: a purchase of a domain (an auction win, a
 * fixed-price purchase, an accepted offer) becomes buyer_violation, anything else expired; the
 * buyer is told, a seller's fixed-price or offer order runs the seller's hooks (the listing goes
 * back on sale, the seller is told; a seller lot's listing follows its lot instead), and
 * `order.unpaid` is published after commit.
 */
export async function closeUnpaidOrder(
  app: Pick<App, 'platform' | 'log'>,
  tx: Tx,
  claimed: OrderRow,
  now: Date,
): Promise<AfterCommit | undefined> {
  const order = await findOrder(tx, claimed.id, { lock: true });
  if (order?.status !== 'awaiting_payment' || order.payBy === null || order.payBy > now) return undefined;
  const to = unpaidStatus(order.source);
  const closed = await transitionOrder(tx, order, to, { now, actor: 'system', action: 'payment_window_closed' });
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_expired',
    params: { orderId: order.id, domain: order.domain, amountCents: order.amountCents, status: to },
    link: orderLink(order.id),
    dedupeKey: `order:${order.id}:unpaid`,
    now,
  });
  if (closed.source !== 'auction') await sellerOrderLapsed(tx, closed, now);
  return () => publishOrderEvent(app, ORDER_EVENTS.unpaid, eventPayload(closed));
}

/** The one 'less than 24 hours left to pay' message per order. */
export async function remindPayment(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (!(await markPaymentReminded(tx, order.id, now))) return;
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_payment_due',
    params: {
      orderId: order.id,
      domain: order.domain,
      amountCents: order.amountCents,
      payBy: order.payBy ? order.payBy.toISOString() : null,
    },
    link: orderLink(order.id),
    dedupeKey: `order:${order.id}:payment_due`,
    now,
  });
}

/**
 * A delivery that failed again (the order stays delivery_failed): the next try moves to
 * `deliverAt`, conditional on the order still being delivery_failed; the reason is kept on the
 * order (the buyer sees it) and the failure is audited.
 */
export async function rescheduleDelivery(
  tx: Tx,
  order: OrderRow,
  input: { deliverAt: Date; now: Date; reason: string; actor?: Actor },
): Promise<OrderRow> {
  if (order.status !== 'delivery_failed') throw new AppError(INVALID, { data: { from: order.status } });
  const updated = await updateOrderFrom(tx, order.id, 'delivery_failed', {
    deliverAt: input.deliverAt,
    deliveryError: input.reason,
    updatedAt: input.now,
  });
  if (!updated) throw new AppError(INVALID, { data: { from: order.status } });
  await recordAudit(tx, {
    entityType: 'order',
    entityId: order.id,
    action: 'delivery_retry_failed',
    fromStatus: 'delivery_failed',
    toStatus: 'delivery_failed',
    reason: input.reason,
    actor: input.actor ?? 'system',
    now: input.now,
  });
  return updated;
}
