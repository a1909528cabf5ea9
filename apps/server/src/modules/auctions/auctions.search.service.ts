import type { AuctionSearchPage, AuctionSearchQuery, AuctionSummary } from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { pageOf } from '../../platform/paging.ts';
import { presentSummary } from './auctions.presenter.ts';
import {
  hotLotRows,
  type LotWithWatch,
  lotExists,
  lotRowsByIds,
  searchLotRows,
  sitemapLotFileRows,
  sitemapLotRows,
  topDealRows,
} from './auctions.search.repository.ts';

/**
 * Reading lots for the catalogue module (its service calls these): /sale search, the home page's
 * hot auctions and top deals, lots by id for the watchlist, the sitemap's lots. The SQL lives
 * in auctions.search.repository.ts.
 */

/** How many days of closed lots top deals looks back over. */
export const TOP_DEALS_DAYS = 30;
/** Lots on the home page's hot auctions and top deals. */
export const HOME_LOTS = 8;

const presentLots = (rows: LotWithWatch[]) => rows.map((r) => presentSummary(r.lot, { isWatched: r.isWatched }));

/** GET /api/auctions: a page of lots open for bidding, with the signed-in user's watch flags. */
export async function searchAuctions(
  app: App,
  userId: bigint | null,
  query: AuctionSearchQuery,
): Promise<AuctionSearchPage> {
  const { db, clock } = app.platform;
  const { items, total, totalIsEstimate } = await searchLotRows(db, query, userId, clock.now());
  return { ...pageOf(query, { items: presentLots(items), total }), totalIsEstimate };
}

export async function hotAuctions(app: App, userId: bigint | null): Promise<AuctionSummary[]> {
  return presentLots(await hotLotRows(app.platform.db, userId, app.platform.clock.now(), HOME_LOTS));
}

export async function topDeals(app: App, userId: bigint | null): Promise<AuctionSummary[]> {
  return presentLots(await topDealRows(app.platform.db, userId, app.platform.clock.now(), TOP_DEALS_DAYS, HOME_LOTS));
}

/** Summaries of lots by id (any status), in the order given; unknown ids are left out. */
export async function auctionSummaries(app: App, ids: bigint[], userId: bigint | null): Promise<AuctionSummary[]> {
  return presentLots(await lotRowsByIds(app.platform.db, ids, userId));
}

/** Whether a lot with this id exists (any status). */
export function auctionExists(app: App, id: bigint): Promise<boolean> {
  return lotExists(app.platform.db, id);
}

const DAY_MS = 86_400_000;

/**
 * The sitemap's lot files (lots open for bidding or ended in the last `closedWithinDays` days, by id,
 * `perFile` to a file): the newest update in each file.
 */
export function sitemapLotFiles(app: App, closedWithinDays: number, perFile: number): Promise<Date[]> {
  const closedSince = new Date(app.platform.clock.now().getTime() - closedWithinDays * DAY_MS);
  return sitemapLotFileRows(app.platform.db, closedSince, perFile);
}

/** File `file` (1-based) of the sitemap's lots, `perFile` to a file; [] past the last. */
export function sitemapLotsInFile(
  app: App,
  closedWithinDays: number,
  file: number,
  perFile: number,
): Promise<{ id: bigint; updatedAt: Date }[]> {
  const closedSince = new Date(app.platform.clock.now().getTime() - closedWithinDays * DAY_MS);
  return sitemapLotRows(app.platform.db, closedSince, (file - 1) * perFile, perFile);
}
