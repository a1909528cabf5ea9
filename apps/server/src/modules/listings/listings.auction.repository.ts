import type { ListingStatus } from '@namebourse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { listings } from '../../db/schema/index.ts';
import type { ListingRow } from './listings.repository.ts';

/** The SQL of seller auctions' listings (listings.auction.ts). */

/** Records the lot an approved auction listing runs as. */
export async function setListingAuction(tx: Tx, listingId: bigint, auctionId: bigint, now: Date): Promise<void> {
  await tx.update(listings).set({ auctionId, updatedAt: now }).where(eq(listings.id, listingId));
}

/** Moves a listing on only if it is still in one of `from` (a conditional update); the row, or undefined. */
export async function moveListingFrom(
  db: DbOrTx,
  listingId: bigint,
  from: readonly ListingStatus[],
  set: Partial<typeof listings.$inferInsert> & { status: ListingStatus },
): Promise<ListingRow | undefined> {
  const rows = await db
    .update(listings)
    .set(set)
    .where(and(eq(listings.id, listingId), inArray(listings.status, [...from])))
    .returning();
  return rows[0];
}

export async function findListing(db: DbOrTx, listingId: bigint): Promise<ListingRow | undefined> {
  const rows = await db.select().from(listings).where(eq(listings.id, listingId)).limit(1);
  return rows[0];
}
