import type { MarketDetail, MarketPage, MarketQuery } from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf } from '../../platform/paging.ts';
import type { SitemapSection } from '../../platform/sitemap.ts';
import { presentMarketDetail, presentMarketListing } from './market.presenter.ts';
import {
  findMarketListing,
  incrementListingViews,
  searchMarketRows,
  sitemapMarketFileRows,
  sitemapMarketRows,
} from './market.repository.ts';

type Locale = 'zh-CN' | 'en-US';

/**
 * The public market (issue 16): the search of fixed-price and offer listings on sale, one listing's
 * public page (seller auctions included, with their lot), and the listing pages of the sitemap.
 * The SQL and the search strategy are in market.repository.ts.
 */

/** GET /api/market: a page of visible listings; `total` is an estimate for large results (totalEstimated). */
export async function searchMarket(app: App, query: MarketQuery, locale: Locale): Promise<MarketPage> {
  const { db, clock } = app.platform;
  const { items, total, totalEstimated } = await searchMarketRows(db, query, clock.now());
  return { ...pageOf(query, { items, total }, (row) => presentMarketListing(row, locale)), totalEstimated };
}

/** Who reads a listing's page: a view is counted unless `count` is false (a HEAD) or the reader is its seller. */
export interface MarketViewer {
  userId: bigint | null;
  count: boolean;
}

/**
 * GET /api/market/:domain: the open visible listing of the domain; paused, in review, closed or
 * unknown → Listing.NotFound. Counts a view of the page (listings.views) without waiting for it: the
 * answer never depends on the counter, and a failed count is only logged.
 */
export async function getMarketListing(
  app: App,
  domain: string,
  locale: Locale,
  viewer: MarketViewer = { userId: null, count: false },
): Promise<MarketDetail> {
  const found = await findMarketListing(app.platform.db, domain);
  if (!found) throw new AppError('Listing.NotFound');
  if (viewer.count && viewer.userId !== found.listing.userId) countView(app, found.listing.id);
  return presentMarketDetail(found, locale, app.platform.clock.now());
}

function countView(app: App, listingId: bigint): void {
  incrementListingViews(app.platform.db, listingId).catch((err: unknown) => {
    app.log.warn({ err, listingId: listingId.toString() }, 'listing view not counted');
  });
}

/** The listing pages of the sitemap (/sitemap-market-1.xml, -2 …): open visible listings by id. */
export const marketSitemapSection = (app: App): SitemapSection => ({
  name: 'market',
  // '/market/' and a domain of at most 253 characters.
  maxPathBytes: '/market/'.length + 253,
  files: async (perFile) => (await sitemapMarketFileRows(app.platform.db, perFile)).map((lastmod) => ({ lastmod })),
  urls: async (file, perFile) =>
    (await sitemapMarketRows(app.platform.db, (file - 1) * perFile, perFile)).map((l) => ({
      loc: `/market/${l.domain}`,
      lastmod: l.updatedAt,
      changefreq: 'daily',
      priority: 0.6,
    })),
});
