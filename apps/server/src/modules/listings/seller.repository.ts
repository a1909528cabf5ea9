import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { listings, offers } from '../../db/schema/index.ts';

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

/** Offers on the seller's listings made since `since`: how many, and how many of them were accepted. */
export async function countOffersReceived(
  db: DbOrTx,
  sellerId: bigint,
  since: Date,
): Promise<{ received: number; accepted: number }> {
  const [row] = await db
    .select({
      received: sql<string>`count(*)`,
      accepted: sql<string>`count(*) filter (where ${offers.status} = 'accepted')`,
    })
    .from(offers)
    .where(and(eq(offers.sellerId, sellerId), gte(offers.createdAt, since)));
  return { received: Number(row?.received ?? 0), accepted: Number(row?.accepted ?? 0) };
}

/** Views of all the seller's listings' public pages, whatever their status now. */
export async function sumListingViews(db: DbOrTx, sellerId: bigint): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${listings.views})` })
    .from(listings)
    .where(eq(listings.userId, sellerId));
  return Number(row?.total ?? 0);
}

/** The seller's most viewed listings open now (on sale, an edit in review, selling), most views first. */
export async function topViewedListings(
  db: DbOrTx,
  sellerId: bigint,
  limit: number,
): Promise<{ listingId: bigint; domain: string; views: number }[]> {
  return db
    .select({ listingId: listings.id, domain: listings.domain, views: listings.views })
    .from(listings)
    .where(
      and(
        eq(listings.userId, sellerId),
        inArray(listings.status, ['on_sale', 'modification_review', 'selling']),
        gt(listings.views, 0),
      ),
    )
    .orderBy(desc(listings.views), desc(listings.id))
    .limit(limit);
}

/** Offers awaiting the seller (status open) on each of these listings; listings without any are left out. */
export async function countOpenOffersOf(db: DbOrTx, listingIds: readonly bigint[]): Promise<Map<bigint, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: offers.listingId, n: sql<string>`count(*)` })
    .from(offers)
    .where(and(inArray(offers.listingId, [...listingIds]), eq(offers.status, 'open')))
    .groupBy(offers.listingId);
  return new Map(rows.map((r) => [r.listingId, Number(r.n)]));
}
