import {
  BUYING_RULES,
  type ListingMode,
  type ListingStatus,
  type Page,
  type PageQuery,
  type WatchedListing,
  type WatchListingState,
} from '@namebourse/contract';
import type { DbOrTx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { toId } from '../catalog/catalog.service.ts';
import {
  countListingWatches,
  deleteListingWatch,
  findWatchableListing,
  insertListingWatch,
  isWatchingListing,
  listWatchedListings,
  lockListingWatches,
  type WatchedListingRow,
} from './watch.repository.ts';

/**
 * Watched listings (issue 17): the watchlist page's second half, next to the watched lots (catalog).
 * POST /watchlist with `{ listingId }`, DELETE /watchlist/listings/:listingId, GET /watchlist/listings.
 * A listing on its public page can be watched (on sale or an edit in review, not paused); once watched
 * it stays on the list whatever becomes of it, marked unavailable.
 */

type WatchApp = Pick<App, 'platform'>;

/** On the market now (the public page shows it). */
const OPEN: readonly string[] = ['on_sale', 'modification_review'];

/** Whether the user watches the listing. */
export function isListingWatched(db: DbOrTx, userId: bigint, listingId: bigint): Promise<boolean> {
  return isWatchingListing(db, userId, listingId);
}

/**
 * Watches a listing (idempotent). Unknown or not on the market: Listing.NotFound (one already watched
 * answers watched whatever its status); at BUYING_RULES.listingWatchMax: Watchlist.LimitReached.
 */
export async function watchListing(app: WatchApp, userId: bigint, listingIdText: string): Promise<WatchListingState> {
  const { db, clock } = app.platform;
  const listingId = toId(listingIdText);
  if (listingId === undefined) throw new AppError('Listing.NotFound');
  await db.transaction(async (tx) => {
    await lockListingWatches(tx, userId);
    if (await isWatchingListing(tx, userId, listingId)) return;
    const listing = await findWatchableListing(tx, listingId);
    if (!listing || listing.paused || !OPEN.includes(listing.status)) throw new AppError('Listing.NotFound');
    if ((await countListingWatches(tx, userId)) >= BUYING_RULES.listingWatchMax) {
      throw new AppError('Watchlist.LimitReached', { data: { max: BUYING_RULES.listingWatchMax } });
    }
    await insertListingWatch(tx, userId, listingId, clock.now());
  });
  return { listingId: listingId.toString(), isWatched: true };
}

/** Stops watching a listing: answers not watched whether or not it was. */
export async function unwatchListing(app: WatchApp, userId: bigint, listingIdText: string): Promise<WatchListingState> {
  const listingId = toId(listingIdText);
  if (listingId === undefined) throw new AppError('Listing.NotFound');
  await deleteListingWatch(app.platform.db, userId, listingId);
  return { listingId: listingId.toString(), isWatched: false };
}

function presentWatched(row: WatchedListingRow, now: Date): WatchedListing {
  const { listing } = row;
  const expired = listing.expiresAt !== null && listing.expiresAt.getTime() <= now.getTime();
  return {
    listingId: listing.id.toString(),
    domain: listing.domain,
    mode: listing.mode as ListingMode,
    status: listing.status as ListingStatus,
    available: OPEN.includes(listing.status) && !listing.paused && !expired,
    priceCents: listing.mode === 'auction' ? listing.startPriceCents : listing.priceCents,
    floorCents: listing.floorCents,
    expiresAt: listing.expiresAt ? listing.expiresAt.toISOString() : null,
    timeLeftSeconds: listing.expiresAt
      ? Math.max(0, Math.floor((listing.expiresAt.getTime() - now.getTime()) / 1000))
      : null,
    logoUrl: listing.logoId === null ? null : `/api/listing-logos/${listing.logoId}`,
    watchedAt: row.watchedAt.toISOString(),
  };
}

/** GET /watchlist/listings: the listings I watch, most recently watched first, sold or withdrawn ones marked. */
export async function listMyWatchedListings(
  app: WatchApp,
  userId: bigint,
  query: PageQuery,
): Promise<Page<WatchedListing>> {
  const now = app.platform.clock.now();
  const slice = await listWatchedListings(app.platform.db, userId, windowOf(query));
  return pageOf(query, slice, (row) => presentWatched(row, now));
}
