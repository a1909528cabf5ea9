import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { listings } from '../../db/schema/index.ts';

/** The seller centre's sales (GET /seller/sales, /seller/statistics): the listings side. */

export interface SoldListingRow {
  orderId: string;
  listingId: bigint;
  mode: string;
  tld: string;
}

/** The seller's listings these orders came from (listings.order_id), by order. */
export async function findListingsOfOrders(
  db: DbOrTx,
  sellerId: bigint,
  orderIds: string[],
): Promise<Map<string, SoldListingRow>> {
  if (orderIds.length === 0) return new Map();
  const found = await db
    .select({ orderId: listings.orderId, listingId: listings.id, mode: listings.mode, tld: listings.tld })
    .from(listings)
    .where(and(eq(listings.userId, sellerId), inArray(listings.orderId, orderIds)));
  const out = new Map<string, SoldListingRow>();
  for (const r of found) if (r.orderId) out.set(r.orderId, { ...r, orderId: r.orderId });
  return out;
}

/** The seller's open listings now: on sale (an approved one whose edit is in review included), in review, selling. */
export async function countOpenListings(
  db: DbOrTx,
  sellerId: bigint,
): Promise<{ onSale: number; inReview: number; selling: number }> {
  const [row] = await db
    .select({
      onSale: sql<string>`count(*) filter (where ${listings.status} in ('on_sale', 'modification_review'))`,
      inReview: sql<string>`count(*) filter (where ${listings.status} in ('pending_review', 'supplement_required'))`,
      selling: sql<string>`count(*) filter (where ${listings.status} = 'selling')`,
    })
    .from(listings)
    .where(eq(listings.userId, sellerId));
  return { onSale: Number(row?.onSale ?? 0), inReview: Number(row?.inReview ?? 0), selling: Number(row?.selling ?? 0) };
}
