import { and, desc, eq, gte, inArray, like, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { orders, users } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';
import type { OrderRow } from './orders.repository.ts';

/** The orders a seller sold (orders with seller_id, any source), read for the seller centre. */

/** Orders that never became a sale (nobody paid): left out of the seller's sales. */
export const NOT_SALES = ['voided', 'expired', 'buyer_violation'] as const;
/** A sale under way: awaiting payment, paid, being delivered or retrying. */
export const SALES_IN_PROGRESS = ['awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed'];

export interface SellerOrderFilter {
  sellerId: bigint;
  /** Part of the domain (lower case). */
  q?: string | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  to?: Date | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(f: SellerOrderFilter): SQL {
  const parts: SQL[] = [eq(orders.sellerId, f.sellerId), notInArray(orders.status, [...NOT_SALES])];
  if (f.q) parts.push(like(orders.domain, `%${escapeLike(f.q.toLowerCase())}%`));
  if (f.from) parts.push(gte(orders.createdAt, f.from));
  if (f.to) parts.push(lt(orders.createdAt, f.to));
  return and(...parts) as SQL;
}

export interface SellerOrderRow {
  order: OrderRow;
  buyerAccountNo: string;
}

/** A page of the seller's sales, newest first, with each buyer's account number. */
export async function listSellerOrders(
  db: DbOrTx,
  filter: SellerOrderFilter,
  window: PageWindow,
): Promise<SellerOrderRow[]> {
  const found = await db
    .select({ order: orders, buyerAccountNo: users.accountNo })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(whereOf(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset);
  return found;
}

/** How many sales match, and the ids of the completed ones (their nets are in the ledger). */
export async function summarizeSellerOrders(
  db: DbOrTx,
  filter: SellerOrderFilter,
): Promise<{ total: number; completed: { id: string; amountExTaxCents: number }[] }> {
  const [count] = await db.select({ n: sql<string>`count(*)` }).from(orders).where(whereOf(filter));
  const completed = await db
    .select({ id: orders.id, amountExTaxCents: orders.amountExTaxCents })
    .from(orders)
    .where(and(whereOf(filter), eq(orders.status, 'completed')));
  return { total: Number(count?.n ?? 0), completed };
}

/** A completed sale as the statistics count it. */
export interface SoldOrderRow {
  id: string;
  domain: string;
  source: string;
  amountExTaxCents: number;
  completedAt: Date | null;
}

/** Every completed sale of the seller (the statistics). */
export async function listCompletedSellerOrders(db: DbOrTx, sellerId: bigint): Promise<SoldOrderRow[]> {
  return db
    .select({
      id: orders.id,
      domain: orders.domain,
      source: orders.source,
      amountExTaxCents: orders.amountExTaxCents,
      completedAt: orders.completedAt,
    })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), eq(orders.status, 'completed')));
}

/** Sales under way (not yet credited): how many and their prices before tax. */
export async function sumSellerOrdersInProgress(
  db: DbOrTx,
  sellerId: bigint,
): Promise<{ count: number; grossCents: number }> {
  const [row] = await db
    .select({ n: sql<string>`count(*)`, gross: sql<string | null>`sum(${orders.amountExTaxCents})` })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), inArray(orders.status, SALES_IN_PROGRESS)));
  return { count: Number(row?.n ?? 0), grossCents: Number(row?.gross ?? 0) };
}
