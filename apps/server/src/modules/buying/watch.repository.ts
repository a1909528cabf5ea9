import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { listings, listingWatches } from '../../db/schema/index.ts';
import type { PageWindow, Slice } from '../../platform/paging.ts';

/** Watched listings (the watchlist page's second half, with the watched lots of the catalog). */

/** Serialises one user's watch changes (the limit check and the insert) for the transaction. */
export async function lockListingWatches(tx: Tx, userId: bigint): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listing_watches:${userId}`}))`);
}

/** A listing as watching needs it: whether it is on its public page now. */
export async function findWatchableListing(
  db: DbOrTx,
  listingId: bigint,
): Promise<{ id: bigint; status: string; paused: boolean } | undefined> {
  const [row] = await db
    .select({ id: listings.id, status: listings.status, paused: listings.paused })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  return row;
}

export async function isWatchingListing(db: DbOrTx, userId: bigint, listingId: bigint): Promise<boolean> {
  const rows = await db
    .select({ id: listingWatches.listingId })
    .from(listingWatches)
    .where(and(eq(listingWatches.userId, userId), eq(listingWatches.listingId, listingId)))
    .limit(1);
  return rows.length > 0;
}

export async function countListingWatches(db: DbOrTx, userId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(listingWatches)
    .where(eq(listingWatches.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertListingWatch(db: DbOrTx, userId: bigint, listingId: bigint, now: Date): Promise<void> {
  await db.insert(listingWatches).values({ userId, listingId, createdAt: now }).onConflictDoNothing();
}

export async function deleteListingWatch(db: DbOrTx, userId: bigint, listingId: bigint): Promise<void> {
  await db
    .delete(listingWatches)
    .where(and(eq(listingWatches.userId, userId), eq(listingWatches.listingId, listingId)));
}

export interface WatchedListingRow {
  watchedAt: Date;
  listing: {
    id: bigint;
    domain: string;
    mode: string;
    status: string;
    paused: boolean;
    priceCents: number | null;
    floorCents: number | null;
    startPriceCents: number | null;
    expiresAt: Date | null;
    logoId: bigint | null;
  };
}

/** A page of the user's watched listings, most recently watched first, in any status. */
export async function listWatchedListings(
  db: DbOrTx,
  userId: bigint,
  window: PageWindow,
): Promise<Slice<WatchedListingRow>> {
  const items = await db
    .select({
      watchedAt: listingWatches.createdAt,
      listing: {
        id: listings.id,
        domain: listings.domain,
        mode: listings.mode,
        status: listings.status,
        paused: listings.paused,
        priceCents: listings.priceCents,
        floorCents: listings.floorCents,
        startPriceCents: listings.startPriceCents,
        expiresAt: listings.expiresAt,
        logoId: listings.logoId,
      },
    })
    .from(listingWatches)
    .innerJoin(listings, eq(listings.id, listingWatches.listingId))
    .where(eq(listingWatches.userId, userId))
    .orderBy(desc(listingWatches.createdAt), desc(listingWatches.listingId))
    .limit(window.limit)
    .offset(window.offset);
  const total =
    items.length < window.limit && window.offset === 0 ? items.length : await countListingWatches(db, userId);
  return { items, total };
}
