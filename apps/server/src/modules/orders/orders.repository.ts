import type { OrderStatus } from '@namebourse/contract';
import { type AnyColumn, and, asc, desc, eq, gt, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';
import { orders } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for the orders table. */
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** Inserts the order; undefined when its id or its (source, sourceRef) is already taken. */
export async function insertOrderIfAbsent(db: DbOrTx, row: NewOrderRow): Promise<OrderRow | undefined> {
  const rows = await db.insert(orders).values(row).onConflictDoNothing().returning();
  return rows[0];
}

/**
 * Inserts many orders in one statement (column arrays); the ones whose id or (source, sourceRef)
 * is already taken are skipped: only the inserted rows are returned.
 */
export async function insertOrdersIfAbsent(db: DbOrTx, rows: NewOrderRow[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  const col = <T>(pick: (r: NewOrderRow) => T) => sql.param(rows.map(pick));
  const big = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());
  const time = (v: Date | null | undefined) => (v ? v.toISOString() : null);
  const inserted = await db.execute(sql`
    insert into ${orders} (id, buyer_id, seller_id, partner, source, source_ref, domain, status, amount_cents,
      amount_ex_tax_cents, tax_cents, tax_rate_bps, pay_by, deliver_at, registry_check_at, listing_id, commission_bps,
      delivery, created_at, updated_at)
    select id, buyer_id, seller_id, partner, source, source_ref, domain, status, amount_cents,
      amount_ex_tax_cents, tax_cents, tax_rate_bps, pay_by, deliver_at, registry_check_at, listing_id, commission_bps,
      delivery, created_at, updated_at
    from unnest(
      ${col((r) => r.id)}::text[], ${col((r) => big(r.buyerId))}::bigint[], ${col((r) => big(r.sellerId))}::bigint[],
      ${col((r) => r.partner ?? null)}::text[], ${col((r) => r.source)}::text[], ${col((r) => r.sourceRef ?? null)}::text[],
      ${col((r) => r.domain)}::text[], ${col((r) => r.status)}::text[], ${col((r) => r.amountCents)}::bigint[],
      ${col((r) => r.amountExTaxCents)}::bigint[], ${col((r) => r.taxCents)}::bigint[], ${col((r) => r.taxRateBps)}::int[],
      ${col((r) => time(r.payBy))}::timestamptz[], ${col((r) => time(r.deliverAt))}::timestamptz[],
      ${col((r) => time(r.registryCheckAt))}::timestamptz[], ${col((r) => big(r.listingId))}::bigint[],
      ${col((r) => r.commissionBps ?? null)}::int[], ${col((r) => r.delivery ?? null)}::text[],
      ${col((r) => time(r.createdAt))}::timestamptz[], ${col((r) => time(r.updatedAt))}::timestamptz[]
    ) with ordinality as v(id, buyer_id, seller_id, partner, source, source_ref, domain, status, amount_cents,
      amount_ex_tax_cents, tax_cents, tax_rate_bps, pay_by, deliver_at, registry_check_at, listing_id, commission_bps,
      delivery, created_at, updated_at, n)
    order by n
    on conflict do nothing
    returning id`);
  const ids = rowsOf<{ id: string }>(inserted).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}

/** The orders of one source for many refs (refs without an order are absent). */
export async function findOrdersBySource(db: DbOrTx, source: string, sourceRefs: string[]): Promise<OrderRow[]> {
  if (sourceRefs.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.source, source as OrderRow['source']),
        sql`${orders.sourceRef} = any(${sql.param(sourceRefs)}::text[])`,
      ),
    );
}

export async function findOrderBySource(db: DbOrTx, source: string, sourceRef: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.source, source as OrderRow['source']), eq(orders.sourceRef, sourceRef)))
    .limit(1);
  return rows[0];
}

/** One order; `buyerId` restricts it to that buyer; `lock` locks the row until the transaction ends. */
export async function findOrder(
  db: DbOrTx,
  id: string,
  options: { buyerId?: bigint; lock?: boolean } = {},
): Promise<OrderRow | undefined> {
  const where =
    options.buyerId === undefined ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.buyerId, options.buyerId));
  const query = db.select().from(orders).where(where).limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** Orders by id, locked in id order (missing ids are absent). */
export async function lockOrdersById(tx: Tx, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id).for('update');
}

/**
 * Moves many orders from `from` to another status with the same columns, each only if it is still
 * in `from`. Returns the rows that moved.
 */
export async function updateOrdersFrom(
  db: DbOrTx,
  ids: string[],
  from: OrderStatus,
  set: Partial<Omit<OrderRow, 'id' | 'buyerId'>>,
): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(orders)
    .set(set)
    .where(and(inArray(orders.id, ids), eq(orders.status, from)))
    .returning();
}

/** Several orders of one buyer, locked in id order (so two payments of overlapping sets never deadlock). */
export async function lockBuyerOrders(tx: Tx, buyerId: bigint, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), inArray(orders.id, ids)))
    .orderBy(orders.id)
    .for('update');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface OrderFilter {
  buyerId: bigint;
  status?: OrderStatus | undefined;
  keyword?: string | undefined;
}

function filterWhere(filter: OrderFilter): SQL | undefined {
  const parts: SQL[] = [eq(orders.buyerId, filter.buyerId)];
  if (filter.status) parts.push(eq(orders.status, filter.status));
  if (filter.keyword) parts.push(ilike(orders.domain, `%${escapeLike(filter.keyword)}%`));
  return and(...parts);
}

/** One window of the orders matching `where`, in `order`, and how many match in all. */
async function pageOfOrders(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[],
  { limit, offset }: PageWindow,
): Promise<{ items: OrderRow[]; total: number }> {
  const items = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

export async function listOrderRows(
  db: DbOrTx,
  filter: OrderFilter,
  window: PageWindow,
): Promise<{ items: OrderRow[]; total: number }> {
  const where = filterWhere(filter);
  return pageOfOrders(db, where, [desc(orders.createdAt), desc(orders.id)], window);
}

/**
 * Moves an order from `from` to another status, only if it is still in `from` (a concurrent change
 * cannot slip between the check and the write). Returns the updated row, or undefined when it was not in `from`.
 */
export async function updateOrderFrom(
  db: DbOrTx,
  id: string,
  from: OrderStatus,
  set: Partial<Omit<OrderRow, 'id' | 'buyerId'>>,
): Promise<OrderRow | undefined> {
  const rows = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return rows[0];
}

/** Sweeper claim: orders awaiting payment whose pay-by time has passed. */
export function claimUnpaid(tx: Tx, now: Date, limit: number): Promise<OrderRow[]> {
  return claimDue(tx, orders, orders.payBy, {
    now,
    limit,
    where: eq(orders.status, 'awaiting_payment'),
    orderBy: [orders.id],
  });
}

/** Sweeper claim: orders awaiting payment with less than `window` left and no reminder sent yet. */
export function claimPaymentReminders(tx: Tx, now: Date, windowMs: number, limit: number): Promise<OrderRow[]> {
  return claimDue(tx, orders, orders.payBy, {
    now: new Date(now.getTime() + windowMs),
    limit,
    where: and(eq(orders.status, 'awaiting_payment'), isNull(orders.paymentRemindedAt), gt(orders.payBy, now)),
    orderBy: [orders.id],
  });
}

/** Marks the reminder as sent; false when it was already sent or the order left awaiting_payment. */
export async function markPaymentReminded(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ paymentRemindedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment'), isNull(orders.paymentRemindedAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

// ---- For the auctions area's sweepers and consoles (called through the orders service) ----

/**
 * Sweeper claim: orders of one source (or any of several) in one of `statuses` whose `due` time
 * (pay-by, deliver-at or the next registry check) has come, locked FOR UPDATE SKIP LOCKED in due order.
 */
export function claimOrdersDue(
  tx: Tx,
  options: {
    source: OrderRow['source'] | readonly OrderRow['source'][];
    statuses: readonly OrderStatus[];
    due: 'payBy' | 'deliverAt' | 'registryCheckAt';
    now: Date;
    limit: number;
    /** Only orders that name the lot they came from (a numeric auction id in sourceRef). */
    withSourceRef?: boolean | undefined;
  },
): Promise<OrderRow[]> {
  const due = { payBy: orders.payBy, deliverAt: orders.deliverAt, registryCheckAt: orders.registryCheckAt }[
    options.due
  ];
  const sources = typeof options.source === 'string' ? [options.source] : [...options.source];
  return claimDue(tx, orders, due, {
    now: options.now,
    limit: options.limit,
    where: and(
      inArray(orders.source, sources),
      inArray(orders.status, [...options.statuses]),
      options.withSourceRef ? sql`${orders.sourceRef} ~ '^[0-9]{1,19}$'` : undefined,
    ),
    orderBy: [orders.id],
  });
}

/**
 * Stores what the registry said about an open order's domain (until when the previous holder can
 * reclaim it; unchanged when undefined: the read failed) and when to read it next. Any status:
 * the caller holds the row's lock.
 */
export async function setRegistryState(
  db: DbOrTx,
  id: string,
  state: { reclaimableUntil?: Date | null; registryCheckAt: Date | null },
): Promise<void> {
  await db.update(orders).set(state).where(eq(orders.id, id));
}

/**
 * `setRegistryState` for many orders in one statement (a sweep batch), each only while it is still
 * in one of `statuses`: a read that failed (`reclaimableUntil` undefined) keeps the stored date.
 */
export async function setRegistryStates(
  db: DbOrTx,
  items: { id: string; reclaimableUntil?: Date | null; registryCheckAt: Date }[],
  statuses: readonly OrderStatus[],
): Promise<void> {
  if (items.length === 0) return;
  const time = (v: Date | null | undefined) => (v ? v.toISOString() : null);
  await db.execute(sql`
    update ${orders} o set
      reclaimable_until = case when v.keep then o.reclaimable_until else v.reclaimable_until end,
      registry_check_at = v.registry_check_at
    from unnest(
      ${sql.param(items.map((i) => i.id))}::text[],
      ${sql.param(items.map((i) => time(i.reclaimableUntil)))}::timestamptz[],
      ${sql.param(items.map((i) => i.reclaimableUntil === undefined))}::boolean[],
      ${sql.param(items.map((i) => time(i.registryCheckAt)))}::timestamptz[]
    ) as v(id, reclaimable_until, keep, registry_check_at)
    where o.id = v.id and ${inArray(sql`o.status`, [...statuses])}`);
}

/** A condition for another module's query: the order `orderId` exists and is in one of `statuses`. */
export function orderStatusInSql(orderId: SQL | AnyColumn, statuses: OrderStatus[]): SQL {
  return sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${inArray(orders.status, statuses)})`;
}

/** Orders of one buyer and source in any of `statuses` (all when empty), newest first. */
export async function listBuyerOrdersBySource(
  db: DbOrTx,
  filter: { buyerId: bigint; source: OrderRow['source']; statuses: OrderStatus[] },
  window: PageWindow,
): Promise<{ items: OrderRow[]; total: number }> {
  const where = and(
    eq(orders.buyerId, filter.buyerId),
    eq(orders.source, filter.source),
    filter.statuses.length > 0 ? inArray(orders.status, filter.statuses) : undefined,
  );
  return pageOfOrders(db, where, [desc(orders.createdAt), desc(orders.id)], window);
}

/** Every buyer's orders of one source (or several) in one status, soonest deliverAt first (operators' delivery queue). */
export async function listOrdersByStatus(
  db: DbOrTx,
  filter: { source: OrderRow['source'] | readonly OrderRow['source'][]; status: OrderStatus },
  limit: number,
  offset: number,
): Promise<{ items: OrderRow[]; total: number }> {
  const sources = typeof filter.source === 'string' ? [filter.source] : [...filter.source];
  const where = and(inArray(orders.source, sources), eq(orders.status, filter.status));
  return pageOfOrders(db, where, [asc(orders.deliverAt), asc(orders.id)], { limit, offset });
}
