import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { listings, offers } from '../../db/schema/index.ts';

/** The demo data of buying (buying.seeder.ts): its own reads and inserts. */

export type SeedListingRow = typeof listings.$inferInsert;

/** Whether the demo seller already has an offer or a sale (the seeder ran). */
export async function hasBuyingHistory(db: DbOrTx, userId: bigint): Promise<boolean> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(sql`${offers.sellerId} = ${userId} or ${offers.buyerId} = ${userId}`)
    .limit(1);
  return rows.length > 0;
}

/** Inserts listings (history rows made for past sales); ids in input order. */
export async function insertSeedListings(db: DbOrTx, rows: SeedListingRow[]): Promise<bigint[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(listings).values(rows).returning({ id: listings.id, domain: listings.domain });
  const byDomain = new Map(inserted.map((r) => [r.domain, r.id]));
  return rows.map((r) => byDomain.get(r.domain) as bigint);
}

/** Market listings of these sellers on sale in a mode, cheapest first (up to `maxPriceCents` when given). */
export async function marketListingsOf(
  db: DbOrTx,
  sellerIds: readonly bigint[],
  mode: 'fixed' | 'offer',
  limit: number,
  maxPriceCents?: number,
) {
  if (sellerIds.length === 0) return [];
  return db
    .select({
      id: listings.id,
      userId: listings.userId,
      domain: listings.domain,
      priceCents: listings.priceCents,
      floorCents: listings.floorCents,
    })
    .from(listings)
    .where(
      and(
        inArray(listings.userId, [...sellerIds]),
        eq(listings.status, 'on_sale'),
        eq(listings.paused, false),
        eq(listings.mode, mode),
        isNull(listings.orderId),
        maxPriceCents === undefined ? undefined : lte(listings.priceCents, maxPriceCents),
      ),
    )
    .orderBy(asc(listings.priceCents), asc(listings.id))
    .limit(limit);
}
