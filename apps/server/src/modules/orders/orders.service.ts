import { randomInt } from 'node:crypto';
import {
  BUYING_RULES,
  ORDER_LIMITS,
  type Order,
  type OrderDelivery,
  type OrderSource,
  type OrderStatus,
  withTaxCents,
} from '@namebourse/contract';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { type Actor, recordAudit, recordAudits } from '../admin/audit.service.ts';
import { presentOrder } from './orders.presenter.ts';
import {
  claimOrdersDue as claimOrdersDueRows,
  findOrder,
  findOrderBySource,
  findOrdersBySource,
  insertOrderIfAbsent,
  insertOrdersIfAbsent,
  listBuyerOrdersBySource,
  listOrdersByStatus,
  lockOrdersById,
  type OrderRow,
  orderStatusInSql,
  setRegistryState,
  setRegistryStates,
} from './orders.repository.ts';
import { deliversDomain, OPEN_DOMAIN_ORDER_STATUSES, payByFrom } from './orders.rules.ts';

/**
 * The orders area (spec §3 Order, §4): one order for every way of buying (auction wins now, fixed
 * price and offers later). This file is the facade other modules call: they create orders with
 * `createOrder` inside their own transaction, read and lock them, and move them through the
 * lifecycle (orders.lifecycle.ts: payment into escrow, delivery, refund, every status change
 * through ORDER_TRANSITIONS, conditional on the old status and audited). The buyer's own API
 * (list, pay, invoice) is orders.buyer.ts, called by orders.routes.ts; the rules are orders.rules.ts.
 */

export { onSellerOrder, type SellerOrderHooks } from './orders.hooks.ts';
export {
  completeOrder,
  type PayOrderInput,
  payOrder,
  refundOrder,
  rescheduleDelivery,
  type TransitionOptions,
  transitionOrder,
  transitionOrders,
} from './orders.lifecycle.ts';
export type { OrderRow } from './orders.repository.ts';

import { windowOf } from '../../platform/paging.ts';

export {
  DOMAIN_ORDER_SOURCES,
  deliverAtFrom,
  deliversDomain,
  OPEN_DOMAIN_ORDER_STATUSES,
  ORDER_EVENTS,
  type OrderEventPayload,
  payByFrom,
  REGISTRY_REFRESH_MS,
  REGISTRY_RETRY_MS,
  saleSplit,
} from './orders.rules.ts';

/** 'O' + the UTC date (YYMMDD) + 8 random digits, e.g. O26010512345678. */
export function newOrderId(now: Date): string {
  const ymd = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `O${ymd}${randomInt(10_000_000, 100_000_000)}`;
}

// ---- Creating orders (called by other modules inside their transaction) ----

/** The rates in force for a new order: the tax rate and today's commission (parameters, read at use). */
export interface OrderRates {
  taxRateBps: number;
  commissionBps: number;
}

/** The taxRateBps and commissionBps parameters now (callers creating orders pass them in). */
export function orderRates(app: Pick<App, 'platform'>): OrderRates {
  const { parameters } = app.platform;
  return { taxRateBps: parameters.get('taxRateBps'), commissionBps: parameters.get('commissionBps') };
}

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
  /** Pay-by time; `payByFrom(now)` (ORDER_LIMITS.payWindowHours later) when absent. */
  payBy?: Date | null;
  deliverAt?: Date | null;
  /** The seller's listing it was bought from (at most one open order per listing: a unique index). */
  listingId?: bigint | null;
  /**
   * The commission rate the sale pays (the listing's fee lock, else today's: `orderRates(app)`); sellers'
   * orders only. Absent: the commissionBps parameter's default (tests).
   */
  commissionBps?: number | null;
  /** The tax rate in force (`orderRates(app).taxRateBps`); absent: the taxRateBps parameter's default (tests). */
  taxRateBps?: number;
  /** How the paid domain reaches the buyer (ORDER_DELIVERIES); defaults by source and seller. */
  delivery?: OrderDelivery | null;
  now: Date;
  /** Who caused it (the system for an auction close). */
  actor?: Actor;
}

/** A domain order's delivery when the caller names none: a seller's is handed over here, a partner's waits for the registry. */
function deliveryOf(input: CreateOrderInput): OrderDelivery | null {
  if (input.delivery) return input.delivery;
  if (!deliversDomain(input.source)) return null;
  return input.sellerId ? 'handover' : 'registry';
}

/** A new order's row: awaiting payment, tax added at the rate given (the parameter), pay-by by default 72 h on. */
function newOrderRow(input: CreateOrderInput, id: string, domain: string, sourceRef: string | null) {
  const taxRateBps = input.taxRateBps ?? ORDER_LIMITS.taxRateBps;
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
    payBy: input.payBy === undefined ? payByFrom(input.now) : input.payBy,
    deliverAt: input.deliverAt ?? null,
    listingId: input.listingId ?? null,
    commissionBps: input.sellerId ? (input.commissionBps ?? BUYING_RULES.commissionBps) : null,
    delivery: deliveryOf(input),
    // An order of a domain reads the registry (until when the old holder can reclaim it) at once.
    registryCheckAt: deliversDomain(input.source) ? input.now : null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * Creates an order awaiting payment, tax added at `input.taxRateBps` (the parameter). Idempotent per
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

/** Orders by id, locked FOR UPDATE in this transaction (id order; missing ids are absent). */
export function lockOrders(tx: Tx, orderIds: string[]): Promise<OrderRow[]> {
  return lockOrdersById(tx, orderIds);
}

// ---- For the auctions area (sweepers, delivery, the won-lots console) ----

/** Sweeper claim of orders whose pay-by, deliver-at or registry-check time came (FOR UPDATE SKIP LOCKED). */
export function claimOrdersDue(
  tx: Tx,
  options: {
    source: OrderSource | readonly OrderSource[];
    statuses: readonly OrderStatus[];
    due: 'payBy' | 'deliverAt' | 'registryCheckAt';
    now: Date;
    limit: number;
    /** Only orders that name the lot they came from (a numeric auction id in sourceRef). */
    withSourceRef?: boolean;
  },
): Promise<OrderRow[]> {
  return claimOrdersDueRows(tx, options);
}

/**
 * Stores the registry's answer about an open order's domain (the caller holds the row's lock):
 * until when the previous holder can reclaim it (left as it was when undefined: the read failed)
 * and when to read it again (null: no more).
 */
export function saveRegistryState(
  tx: Tx,
  orderId: string,
  state: { reclaimableUntil?: Date | null; registryCheckAt: Date | null },
): Promise<void> {
  return setRegistryState(tx, orderId, state);
}

/**
 * `saveRegistryState` for a sweep batch of claimed (locked) orders in one statement, each only
 * while it is still open (OPEN_DOMAIN_ORDER_STATUSES).
 */
export function saveRegistryStates(
  tx: Tx,
  items: { orderId: string; reclaimableUntil?: Date | null; registryCheckAt: Date }[],
): Promise<void> {
  return setRegistryStates(
    tx,
    items.map(({ orderId, ...state }) => ({ id: orderId, ...state })),
    OPEN_DOMAIN_ORDER_STATUSES,
  );
}

/** The order locked FOR UPDATE in this transaction (undefined when absent): re-check before changing it. */
export function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  return findOrder(tx, orderId, { lock: true });
}

/**
 * A condition other modules' claim queries use: the order `orderId` is in one of `statuses`. The
 * repository builds it (the SQL stays there); this facade only hands it on.
 */
export function orderStatusIn(
  orderId: Parameters<typeof orderStatusInSql>[0],
  statuses: OrderStatus[],
): ReturnType<typeof orderStatusInSql> {
  return orderStatusInSql(orderId, statuses);
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
    windowOf(query),
  );
  const now = app.platform.clock.now();
  return { items: items.map((row) => ({ row, order: presentOrder(row, now) })), total };
}

/** Every buyer's orders of one source in one status (operators' queues), soonest deliverAt first. */
export function listOrdersInStatus(
  db: DbOrTx,
  filter: { source: OrderSource | readonly OrderSource[]; status: OrderStatus },
  page: { limit: number; offset: number },
): Promise<{ items: OrderRow[]; total: number }> {
  return listOrdersByStatus(db, filter, page.limit, page.offset);
}
