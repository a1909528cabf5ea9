import { randomInt } from 'node:crypto';
import type { AnyColumn, SQL } from 'drizzle-orm';
import {
  ORDER_LIMITS,
  ORDER_TRANSITIONS,
  type Order,
  type OrderSource,
  type OrderStatus,
  type OrdersQuery,
  type Locale,
  type Page,
  withTaxCents,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { type Actor, recordAudit, recordAudits } from '../admin/audit.service.ts';
import { getBalances, transfer } from '../ledger/ledger.service.ts';
import { notify } from '../messages/messages.service.ts';
import { assertContactInfoComplete, getBillingInfo, getContactInfo } from '../profile/profile.service.ts';
import { invoiceFileName, renderInvoicePdf } from './invoice.ts';
import { isPayable, presentOrder } from './orders.presenter.ts';
import {
  claimOrdersDue as claimOrdersDueRows,
  type OrderRow,
  findOrder,
  findOrderBySource,
  findOrdersBySource,
  insertOrderIfAbsent,
  insertOrdersIfAbsent,
  listBuyerOrdersBySource,
  listOrderRows,
  listOrdersByStatus,
  lockBuyerOrders,
  lockOrdersById,
  markPaymentReminded,
  orderStatusInSql,
  updateOrderFrom,
  updateOrdersFrom,
} from './orders.repository.ts';

/**
 * The orders area (spec §3 Order, §4): one order for every way of buying (auction wins now, fixed
 * price and offers later). Other modules create orders with `createOrder` inside their own
 * transaction; payment moves the amount from the buyer's available balance into escrow in one
 * ledger transaction; every status change goes through ORDER_TRANSITIONS, is conditional on the
 * old status, and is recorded in the audit log.
 */

export type { OrderRow } from './orders.repository.ts';

/** Domain events the orders area publishes (after commit) on `app.platform.events`. */
export const ORDER_EVENTS = {
  /** An order was paid: `{ orderId, buyerId, source, sourceRef, domain, amountCents }`. */
  paid: 'order.paid',
  /**
   * An order's payment window passed unpaid: `{ orderId, buyerId, source, sourceRef, domain, status }`
   * with status `buyer_violation` (auction wins: the auctions area forfeits the deposit) or `expired`.
   */
  unpaid: 'order.unpaid',
} as const;

export interface OrderEventPayload {
  orderId: string;
  buyerId: string;
  source: OrderSource;
  sourceRef: string | null;
  domain: string;
  amountCents: number;
  status: OrderStatus;
}

function eventPayload(row: OrderRow): OrderEventPayload {
  return {
    orderId: row.id,
    buyerId: row.buyerId.toString(),
    source: row.source,
    sourceRef: row.sourceRef,
    domain: row.domain,
    amountCents: row.amountCents,
    status: row.status as OrderStatus,
  };
}

/** The reminder goes out when less than this is left to pay. */
export const PAYMENT_REMINDER_WINDOW_MS = 24 * 3600 * 1000;

/** The console page messages about orders lead to. */
const ORDERS_LINK = '/console/order/list';
/** The orders page focused on one order (its `orderId` query). */
function orderLink(orderId: string): string {
  return `${ORDERS_LINK}?orderId=${encodeURIComponent(orderId)}`;
}

/** 'O' + the UTC date (YYMMDD) + 8 random digits, e.g. O26010512345678. */
export function newOrderId(now: Date): string {
  const ymd = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `O${ymd}${randomInt(10_000_000, 100_000_000)}`;
}

/** The invoice number of an order (one invoice per paid order). */
export function invoiceNoFor(orderId: string): string {
  return `INV${orderId.slice(1)}`;
}

// ---- Creating orders (called by other modules inside their transaction) ----

export interface CreateOrderInput {
  buyerId: bigint;
  /** The seller (listings and offers); absent when the lot came from a partner platform. */
  sellerId?: bigint | null;
  partner?: string | null;
  source: OrderSource;
  /** The auction, listing or offer it came from: an order per (source, sourceRef). */
  sourceRef?: string | null;
  domain: string;
  amountExTaxCents: number;
  /** Pay-by time; ORDER_LIMITS.payWindowHours after `now` when absent. */
  payBy?: Date | null;
  deliverAt?: Date | null;
  now: Date;
  /** Who caused it (the system for an auction close). */
  actor?: Actor;
}

/** A new order's row: awaiting payment, tax added at ORDER_LIMITS.taxRateBps, pay-by by default 72 h on. */
function newOrderRow(input: CreateOrderInput, id: string, domain: string, sourceRef: string | null) {
  const taxRateBps = ORDER_LIMITS.taxRateBps;
  const amountCents = withTaxCents(input.amountExTaxCents, taxRateBps);
  return {
    id,
    buyerId: input.buyerId,
    sellerId: input.sellerId ?? null,
    partner: input.partner ?? null,
    source: input.source,
    sourceRef,
    domain,
    status: 'awaiting_payment' as const,
    amountCents,
    amountExTaxCents: input.amountExTaxCents,
    taxCents: amountCents - input.amountExTaxCents,
    taxRateBps,
    payBy:
      input.payBy === undefined ? new Date(input.now.getTime() + ORDER_LIMITS.payWindowHours * 3600_000) : input.payBy,
    deliverAt: input.deliverAt ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * Creates an order awaiting payment, tax added at ORDER_LIMITS.taxRateBps. Idempotent per
 * (source, sourceRef): creating the order of the same auction or offer again returns the first.
 */
export async function createOrder(tx: Tx, input: CreateOrderInput): Promise<OrderRow> {
  const domain = input.domain.trim().toLowerCase();
  if (!domain || domain.length > 253) throw new Error('createOrder: a domain name is required');
  if (!Number.isSafeInteger(input.amountExTaxCents) || input.amountExTaxCents <= 0) {
    throw new Error('createOrder: amountExTaxCents must be a positive integer');
  }
  const sourceRef = input.sourceRef ?? null;
  if (sourceRef !== null) {
    const existing = await findOrderBySource(tx, input.source, sourceRef);
    if (existing) return sameBuyer(existing, input.buyerId);
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await insertOrderIfAbsent(tx, newOrderRow(input, newOrderId(input.now), domain, sourceRef));
    if (row) {
      await recordAudit(tx, {
        entityType: 'order',
        entityId: row.id,
        action: 'create',
        toStatus: row.status,
        actor: input.actor ?? 'system',
        now: input.now,
      });
      return row;
    }
    if (sourceRef !== null) {
      const raced = await findOrderBySource(tx, input.source, sourceRef);
      if (raced) return sameBuyer(raced, input.buyerId);
    }
    // Otherwise the random id collided: draw another.
  }
  throw new Error('Could not allocate a unique order id');
}

/**
 * `createOrder` for many orders at once (a sweep closing many lots): the same orders, audit
 * entries and idempotency per (source, sourceRef), in a few statements instead of a few per order.
 * An input whose (source, sourceRef) already has an order (or repeats an earlier input's) gets
 * that order (with the same refusal when the buyer differs). Results are in input order. A
 * refusal refuses the call; run it in a savepoint to keep the caller's transaction usable.
 */
export async function createOrders(tx: Tx, inputs: CreateOrderInput[]): Promise<OrderRow[]> {
  const checked = inputs.map((input) => {
    const domain = input.domain.trim().toLowerCase();
    if (!domain || domain.length > 253) throw new Error('createOrder: a domain name is required');
    if (!Number.isSafeInteger(input.amountExTaxCents) || input.amountExTaxCents <= 0) {
      throw new Error('createOrder: amountExTaxCents must be a positive integer');
    }
    return { input, domain, sourceRef: input.sourceRef ?? null };
  });
  const results: (OrderRow | undefined)[] = new Array(inputs.length);
  const sourceKey = (source: string, ref: string) => `${source}\u0000${ref}`;
  const known = new Map<string, OrderRow>();
  const remember = async (pairs: { source: OrderSource; ref: string }[]) => {
    const bySource = new Map<OrderSource, Set<string>>();
    for (const p of pairs) bySource.set(p.source, (bySource.get(p.source) ?? new Set()).add(p.ref));
    for (const [source, refs] of bySource) {
      for (const row of await findOrdersBySource(tx, source, [...refs])) {
        if (row.sourceRef !== null) known.set(sourceKey(source, row.sourceRef), row);
      }
    }
  };
  await remember(checked.flatMap((c) => (c.sourceRef === null ? [] : [{ source: c.input.source, ref: c.sourceRef }])));
  // What still needs an order: inputs without a source ref, and the first input of each new ref.
  let pending: number[] = [];
  const firstOfRef = new Map<string, number>();
  checked.forEach((c, i) => {
    if (c.sourceRef === null) {
      pending.push(i);
      return;
    }
    const key = sourceKey(c.input.source, c.sourceRef);
    const existing = known.get(key);
    if (existing) results[i] = sameBuyer(existing, c.input.buyerId);
    else if (!firstOfRef.has(key)) {
      firstOfRef.set(key, i);
      pending.push(i);
    }
  });
  const created: OrderRow[] = [];
  for (let attempt = 0; attempt < 8 && pending.length > 0; attempt++) {
    const ids = new Set<string>();
    const byId = new Map<string, number>();
    const rows = pending.map((i) => {
      const { input, domain, sourceRef } = checked[i] as (typeof checked)[number];
      let id = newOrderId(input.now);
      while (ids.has(id)) id = newOrderId(input.now);
      ids.add(id);
      byId.set(id, i);
      return newOrderRow(input, id, domain, sourceRef);
    });
    for (const row of await insertOrdersIfAbsent(tx, rows)) {
      const i = byId.get(row.id);
      if (i === undefined) continue;
      results[i] = row;
      created.push(row);
    }
    const missed = pending.filter((i) => results[i] === undefined);
    // A missed row lost its (source, sourceRef) to a concurrent transaction, or drew a taken id.
    await remember(
      missed.flatMap((i) => {
        const c = checked[i] as (typeof checked)[number];
        return c.sourceRef === null ? [] : [{ source: c.input.source, ref: c.sourceRef }];
      }),
    );
    pending = [];
    for (const i of missed) {
      const c = checked[i] as (typeof checked)[number];
      const raced = c.sourceRef === null ? undefined : known.get(sourceKey(c.input.source, c.sourceRef));
      if (raced) results[i] = sameBuyer(raced, c.input.buyerId);
      else pending.push(i);
    }
  }
  if (pending.length > 0) throw new Error('Could not allocate a unique order id');
  // Later inputs of a ref created above get the same order.
  checked.forEach((c, i) => {
    if (results[i] !== undefined || c.sourceRef === null) return;
    const first = results[firstOfRef.get(sourceKey(c.input.source, c.sourceRef)) ?? -1];
    if (first) results[i] = sameBuyer(first, c.input.buyerId);
  });
  const createdSet = new Set(created.map((row) => row.id));
  await recordAudits(
    tx,
    checked.flatMap((c, i) => {
      const row = results[i];
      if (!row || !createdSet.delete(row.id)) return [];
      return [
        {
          entityType: 'order',
          entityId: row.id,
          action: 'create',
          toStatus: row.status,
          actor: c.input.actor ?? 'system',
          now: c.input.now,
        },
      ];
    }),
  );
  return results.map((row, i) => {
    if (!row) throw new Error(`createOrders: input ${i} has no order`);
    return row;
  });
}

function sameBuyer(row: OrderRow, buyerId: bigint): OrderRow {
  if (row.buyerId !== buyerId) throw new Error(`createOrder: ${row.source} ${row.sourceRef} already has another buyer`);
  return row;
}

/** The order of an auction, listing or offer, if one was created. */
export function getOrderBySource(db: DbOrTx, source: OrderSource, sourceRef: string): Promise<OrderRow | undefined> {
  return findOrderBySource(db, source, sourceRef);
}

// ---- Status changes ----

export interface TransitionOptions {
  now: Date;
  actor: Actor;
  /** The audit action (defaults to the target status). */
  action?: string;
  reason?: string | null;
  /** Other columns written with the status (paidAt, completedAt …). */
  set?: Partial<Pick<OrderRow, 'paidAt' | 'completedAt' | 'deliverAt' | 'billingSnapshot' | 'invoiceNo'>>;
  /** The error for an illegal move (default Funds.InvalidTransition). */
  code?: 'Order.NotPayable' | 'Funds.InvalidTransition';
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
  const code = options.code ?? 'Funds.InvalidTransition';
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
  const code = options.code ?? 'Funds.InvalidTransition';
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

/** Orders by id, locked FOR UPDATE in this transaction (id order; missing ids are absent). */
export function lockOrders(tx: Tx, orderIds: string[]): Promise<OrderRow[]> {
  return lockOrdersById(tx, orderIds);
}

// ---- Payment ----

/** The billing address (and who is billed) as it was at payment time; what the invoice shows. */
export interface BillingSnapshot {
  name: string;
  company: string;
  email: string;
  country: string;
  province: string;
  city: string;
  postalCode: string;
  address: string;
  taxId: string;
}

export function parseBillingSnapshot(text: string | null): BillingSnapshot | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as BillingSnapshot;
  } catch {
    return null;
  }
}

/** The buyer's billing address and contact name now, read through the profile service. */
export async function billingSnapshotOf(app: Pick<App, 'platform'>, userId: bigint): Promise<BillingSnapshot> {
  const [billing, contact] = [await getBillingInfo(app, userId), await getContactInfo(app, userId)];
  return {
    name: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
    company: contact.company ?? '',
    email: contact.email,
    country: billing.country,
    province: billing.province,
    city: billing.city,
    postalCode: billing.postalCode,
    address: billing.address,
    taxId: billing.taxId,
  };
}

export interface PayOrderInput {
  /** The order, locked by the caller (FOR UPDATE) in this transaction. */
  order: OrderRow;
  actor: Actor;
  billing: BillingSnapshot | null;
  now: Date;
}

/**
 * Pays one awaiting order of its buyer: one ledger transaction moves the amount from the buyer's
 * available balance into escrow (kind order_payment, key `order:pay:<id>`), the order moves to
 * paid_awaiting_delivery with the billing snapshot and an invoice number, the change is audited
 * and the buyer gets a message. Order.NotPayable when the order cannot be paid (any other status,
 * or its window has closed); Funds.InsufficientBalance when the balance is short.
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
  return paid;
}

/**
 * POST /orders/:orderId/pay and POST /orders/pay: pays the buyer's orders all or nothing, in one
 * database transaction. Needs complete contact information (Commodity.UserContactInfoIncomplete);
 * an order that is not the buyer's is Order.NotFound; the balance must cover them all
 * (Funds.InsufficientBalance with `{ requiredCents, availableCents }` for the recharge prompt).
 */
export async function payOrders(
  app: App,
  user: Pick<AuthUser, 'id' | 'role'>,
  orderIds: string[],
): Promise<{ orders: Order[]; paidCents: number }> {
  const { db, clock } = app.platform;
  await assertContactInfoComplete(app, user.id);
  const billing = await billingSnapshotOf(app, user.id);
  const wanted = [...new Set(orderIds)];
  const now = clock.now();
  const paid = await db.transaction(async (tx) => {
    const locked = await lockBuyerOrders(tx, user.id, wanted);
    if (locked.length !== wanted.length) {
      const found = new Set(locked.map((o) => o.id));
      throw new AppError('Order.NotFound', { data: { orderIds: wanted.filter((id) => !found.has(id)) } });
    }
    for (const order of locked) {
      assertTransition(ORDER_TRANSITIONS, order.status as OrderStatus, 'paid_awaiting_delivery', 'Order.NotPayable');
      if (!isPayable(order, now)) {
        throw new AppError('Order.NotPayable', { data: { orderId: order.id, reason: 'payment_window_closed' } });
      }
    }
    const requiredCents = locked.reduce((sum, o) => sum + o.amountCents, 0);
    const { availableCents } = await getBalances(tx, user.id);
    if (availableCents < requiredCents) {
      throw new AppError('Funds.InsufficientBalance', { data: { requiredCents, availableCents } });
    }
    const out: OrderRow[] = [];
    for (const order of locked) out.push(await payOrder(tx, { order, actor: user, billing, now }));
    return out;
  });
  for (const row of paid) await publish(app, ORDER_EVENTS.paid, eventPayload(row));
  const byId = new Map(paid.map((row) => [row.id, row]));
  const rows = wanted.map((id) => byId.get(id) as OrderRow);
  return { orders: rows.map((row) => presentOrder(row, now)), paidCents: rows.reduce((s, r) => s + r.amountCents, 0) };
}

/** Publishes after commit; an event bus failure is logged, never undoes the committed change. */
async function publish(app: Pick<App, 'platform' | 'log'>, name: string, payload: OrderEventPayload): Promise<void> {
  try {
    await app.platform.events.publish(name, payload);
  } catch (err) {
    app.log.warn({ err, event: name, orderId: payload.orderId }, 'order event not published');
  }
}

// ---- Delivery (the domains/auctions areas call this when the domain reaches the buyer) ----

/**
 * Completes a paid order: escrow → the seller's earnings (sale_proceeds) or, for a partner's lot,
 * the partner payables (order_delivery), in one ledger transaction, and the order → completed.
 */
export async function completeOrder(tx: Tx, input: { order: OrderRow; actor: Actor; now: Date }): Promise<OrderRow> {
  const { order, now } = input;
  assertTransition(ORDER_TRANSITIONS, order.status as OrderStatus, 'completed');
  const toSeller = order.sellerId !== null;
  await transfer(tx, now, {
    kind: toSeller ? 'sale_proceeds' : 'order_delivery',
    idempotencyKey: `order:deliver:${order.id}`,
    ref: { type: 'order', id: order.id },
    memo: order.domain,
    actorId: input.actor === 'system' ? null : input.actor.id,
    postings: [
      { account: { platform: 'escrow' }, amountCents: -order.amountCents },
      toSeller
        ? { account: { userId: order.sellerId as bigint, bucket: 'earnings' }, amountCents: order.amountCents }
        : { account: { platform: 'partner_payables' }, amountCents: order.amountCents },
    ],
  });
  return transitionOrder(tx, order, 'completed', {
    now,
    actor: input.actor,
    action: 'complete',
    set: { completedAt: now },
  });
}

/**
 * Refunds a paid order whose domain cannot reach the buyer (the old holder redeemed it, the
 * transfer failed for good, or it was confiscated): escrow → the buyer's available balance
 * (order_refund, key `order:refund:<id>`) in one ledger transaction, the order → refunded, and
 * the buyer is told. Any status the transition table does not allow is Funds.InvalidTransition.
 */
export async function refundOrder(
  tx: Tx,
  input: { order: OrderRow; actor: Actor; now: Date; reason?: string },
): Promise<OrderRow> {
  const { order, now } = input;
  assertTransition(ORDER_TRANSITIONS, order.status as OrderStatus, 'refunded');
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
  });
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_refunded',
    params: {
      orderId: order.id,
      domain: order.domain,
      amountCents: order.amountCents,
      ...(input.reason ? { reason: input.reason } : {}),
    },
    link: orderLink(order.id),
    dedupeKey: `order:${order.id}:refunded`,
    now,
  });
  return refunded;
}

// ---- Deadlines (the sweeper) ----

/**
 * An order whose payment window passed unpaid: an auction win becomes buyer_violation, anything
 * else expired; the buyer is told, and `order.unpaid` is published after commit.
 */
export async function closeUnpaidOrder(
  app: Pick<App, 'platform' | 'log'>,
  tx: Tx,
  claimed: OrderRow,
  now: Date,
): Promise<AfterCommit | undefined> {
  const order = await findOrder(tx, claimed.id, { lock: true });
  if (order?.status !== 'awaiting_payment' || order.payBy === null || order.payBy > now) return undefined;
  const to: OrderStatus = order.source === 'auction' ? 'buyer_violation' : 'expired';
  const closed = await transitionOrder(tx, order, to, { now, actor: 'system', action: 'payment_window_closed' });
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_expired',
    params: { orderId: order.id, domain: order.domain, amountCents: order.amountCents, status: to },
    link: orderLink(order.id),
    dedupeKey: `order:${order.id}:unpaid`,
    now,
  });
  return () => publish(app, ORDER_EVENTS.unpaid, eventPayload(closed));
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

// ---- Reading (the buyer's own orders only) ----

export async function listOrders(app: Pick<App, 'platform'>, userId: bigint, query: OrdersQuery): Promise<Page<Order>> {
  const { db, clock } = app.platform;
  const { items, total } = await listOrderRows(
    db,
    { buyerId: userId, status: query.status, keyword: query.keyword || undefined },
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  const now = clock.now();
  return { items: items.map((row) => presentOrder(row, now)), total, page: query.page, pageSize: query.pageSize };
}

/** The buyer's order; Order.NotFound ('The order does not exist or has expired') for anyone else's. */
export async function getOwnOrder(app: Pick<App, 'platform'>, userId: bigint, orderId: string): Promise<OrderRow> {
  const row = await findOrder(app.platform.db, orderId, { buyerId: userId });
  if (!row) throw new AppError('Order.NotFound');
  return row;
}

export async function getOrder(app: Pick<App, 'platform'>, userId: bigint, orderId: string): Promise<Order> {
  return presentOrder(await getOwnOrder(app, userId, orderId), app.platform.clock.now());
}

/**
 * GET /orders/:orderId/invoice: the PDF of a paid order of the buyer, in the reader's language and
 * time zone. Order.NotFound for anyone else's order, Order.InvoiceUnavailable before payment.
 */
export async function getInvoice(
  app: Pick<App, 'platform'>,
  userId: bigint,
  orderId: string,
  reader: { locale: Locale; timezoneOffsetMinutes: number },
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await getOwnOrder(app, userId, orderId);
  if (!order.paidAt || !order.invoiceNo) throw new AppError('Order.InvoiceUnavailable');
  const pdf = await renderInvoicePdf({
    order,
    invoiceNo: order.invoiceNo,
    billing: parseBillingSnapshot(order.billingSnapshot),
    locale: reader.locale,
    timezoneOffsetMinutes: reader.timezoneOffsetMinutes,
    now: app.platform.clock.now(),
  });
  return { fileName: invoiceFileName(order.invoiceNo), pdf };
}

// ---- For the auctions area (sweepers, delivery, the won-lots console) ----

/** Sweeper claim of orders whose pay-by or deliver-at time came (FOR UPDATE SKIP LOCKED). */
export function claimOrdersDue(
  tx: Tx,
  options: {
    source: OrderSource;
    statuses: OrderStatus[];
    due: 'payBy' | 'deliverAt';
    now: Date;
    limit: number;
    /** Only orders that name the lot they came from (a numeric auction id in sourceRef). */
    withSourceRef?: boolean;
  },
): Promise<OrderRow[]> {
  return claimOrdersDueRows(tx, options);
}

/** The order locked FOR UPDATE in this transaction (undefined when absent): re-check before changing it. */
export function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  return findOrder(tx, orderId, { lock: true });
}

/** A condition other modules' claim queries use: the order `orderId` is in one of `statuses`. */
export function orderStatusIn(orderId: SQL | AnyColumn, statuses: OrderStatus[]): SQL {
  return orderStatusInSql(orderId, statuses);
}

/**
 * A delivery that failed again (the order stays delivery_failed): the next try moves to
 * `deliverAt`, conditional on the order still being delivery_failed, and the failure is audited.
 */
export async function rescheduleDelivery(
  tx: Tx,
  order: OrderRow,
  input: { deliverAt: Date; now: Date; reason: string; actor?: Actor },
): Promise<OrderRow> {
  if (order.status !== 'delivery_failed')
    throw new AppError('Funds.InvalidTransition', { data: { from: order.status } });
  const updated = await updateOrderFrom(tx, order.id, 'delivery_failed', {
    deliverAt: input.deliverAt,
    updatedAt: input.now,
  });
  if (!updated) throw new AppError('Funds.InvalidTransition', { data: { from: order.status } });
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

/** The buyer's orders of one source in any of `statuses`, newest first, with each presented order. */
export async function listOwnOrdersBySource(
  app: Pick<App, 'platform'>,
  userId: bigint,
  query: { source: OrderSource; statuses: OrderStatus[]; page: number; pageSize: number },
): Promise<{ items: { row: OrderRow; order: Order }[]; total: number }> {
  const { items, total } = await listBuyerOrdersBySource(
    app.platform.db,
    { buyerId: userId, source: query.source, statuses: query.statuses },
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  const now = app.platform.clock.now();
  return { items: items.map((row) => ({ row, order: presentOrder(row, now) })), total };
}

/** Every buyer's orders of one source in one status (operators' queues), soonest deliverAt first. */
export function listOrdersInStatus(
  db: DbOrTx,
  filter: { source: OrderSource; status: OrderStatus },
  page: { limit: number; offset: number },
): Promise<{ items: OrderRow[]; total: number }> {
  return listOrdersByStatus(db, filter, page.limit, page.offset);
}
