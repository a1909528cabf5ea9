import {
  AUCTION_RULES,
  type AuctionFilter,
  type AuctionSummary,
  isRowIdText,
  type Page,
  type PageQuery,
  type SavedFilter,
  type WatchState,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import type { SitemapSection } from '../../platform/sitemap.ts';
import {
  auctionExists,
  auctionSummaries,
  sitemapLotFiles,
  sitemapLotsInFile,
} from '../auctions/auctions.search.service.ts';
import { presentSavedFilter } from './catalog.presenter.ts';
import {
  countSavedFilters,
  countWatches,
  deleteSavedFilterRow,
  deleteWatch,
  insertSavedFilter,
  insertWatch,
  isWatching,
  listSavedFilterRows,
  listWatchedIds,
  lockUserList,
  updateSavedFilterRow,
} from './catalog.repository.ts';

/**
 * The catalogue: /sale search, the home page's lots and the sitemap's lot pages (read through the
 * auctions module, which owns the lots), and the watchlist and saved filters of the signed-in user
 * (spec §1 buyer functions, §3 Saved filter).
 */

export { hotAuctions, searchAuctions, topDeals } from '../auctions/auctions.search.service.ts';

/** Closed lots stay in the sitemap this many days after their close (their page shows the result). */
export const SITEMAP_CLOSED_DAYS = 30;

/**
 * The lot pages of the sitemap (/sitemap-lots-1.xml, -2 …): lots open for bidding and lots closed in
 * the last SITEMAP_CLOSED_DAYS days, by id, `perFile` to a file.
 */
export const lotsSitemapSection = (app: App): SitemapSection => ({
  name: 'lots',
  // '/sale/' and an id of at most 19 digits.
  maxPathBytes: '/sale/'.length + 19,
  files: async (perFile) => (await sitemapLotFiles(app, SITEMAP_CLOSED_DAYS, perFile)).map((lastmod) => ({ lastmod })),
  urls: async (file, perFile) =>
    (await sitemapLotsInFile(app, SITEMAP_CLOSED_DAYS, file, perFile)).map((lot) => ({
      loc: `/sale/${lot.id}`,
      lastmod: lot.updatedAt,
      changefreq: 'hourly',
      priority: 0.6,
    })),
});

/** A path or body id → bigint; undefined when it cannot be a row id (not digits, 0, above bigint). */
export function toId(id: string): bigint | undefined {
  return isRowIdText(id) ? BigInt(id) : undefined;
}

// ---- Watchlist ----

/** GET /api/watchlist: the lots I watch (any status), most recently watched first. */
export async function listWatchlist(app: App, userId: bigint, query: PageQuery): Promise<Page<AuctionSummary>> {
  const { ids, total } = await listWatchedIds(app.platform.db, userId, windowOf(query));
  return pageOf(query, { items: await auctionSummaries(app, ids, userId), total });
}

/** Watches a lot; watching it again changes nothing. Auction.NotFound, Watchlist.LimitReached. */
export async function watchLot(app: App, userId: bigint, auctionIdText: string): Promise<WatchState> {
  const { db, clock } = app.platform;
  const auctionId = toId(auctionIdText);
  if (auctionId === undefined || !(await auctionExists(app, auctionId))) throw new AppError('Auction.NotFound');
  await db.transaction(async (tx) => {
    await lockUserList(tx, 'watchlist', userId);
    if (await isWatching(tx, userId, auctionId)) return;
    if ((await countWatches(tx, userId)) >= AUCTION_RULES.watchlistMax) throw new AppError('Watchlist.LimitReached');
    await insertWatch(tx, userId, auctionId, clock.now());
  });
  return { auctionId: String(auctionId), isWatched: true };
}

/** Stops watching a lot (nothing to do when it was not watched). */
export async function unwatchLot(app: App, userId: bigint, auctionIdText: string): Promise<WatchState> {
  const auctionId = toId(auctionIdText);
  if (auctionId === undefined) throw new AppError('Auction.NotFound');
  await deleteWatch(app.platform.db, userId, auctionId);
  return { auctionId: String(auctionId), isWatched: false };
}

// ---- Saved filters ----

export async function listSavedFilters(app: App, userId: bigint, query: PageQuery): Promise<Page<SavedFilter>> {
  return pageOf(query, await listSavedFilterRows(app.platform.db, userId, windowOf(query)), presentSavedFilter);
}

/** Saves a filter under a name (≤ 20 characters); at most AUCTION_RULES.savedFiltersMax per account. */
export async function saveFilter(
  app: App,
  userId: bigint,
  input: { name: string; filter: AuctionFilter },
): Promise<SavedFilter> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    await lockUserList(tx, 'saved_filters', userId);
    if ((await countSavedFilters(tx, userId)) >= AUCTION_RULES.savedFiltersMax) {
      throw new AppError('SavedFilter.LimitReached');
    }
    return insertSavedFilter(tx, { userId, name: input.name, filter: input.filter, createdAt: now, updatedAt: now });
  });
  return presentSavedFilter(row);
}

/** Renames one of my saved filters (and replaces its filter when given). SavedFilter.NotFound otherwise. */
export async function updateSavedFilter(
  app: App,
  userId: bigint,
  idText: string,
  input: { name: string; filter?: AuctionFilter | undefined },
): Promise<SavedFilter> {
  const id = toId(idText);
  const row =
    id === undefined
      ? undefined
      : await updateSavedFilterRow(app.platform.db, userId, id, {
          name: input.name,
          ...(input.filter ? { filter: input.filter } : {}),
          updatedAt: app.platform.clock.now(),
        });
  if (!row) throw new AppError('SavedFilter.NotFound');
  return presentSavedFilter(row);
}

export async function deleteSavedFilter(app: App, userId: bigint, idText: string): Promise<{ id: string }> {
  const id = toId(idText);
  if (id === undefined || !(await deleteSavedFilterRow(app.platform.db, userId, id))) {
    throw new AppError('SavedFilter.NotFound');
  }
  return { id: String(id) };
}
