import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerSitemapSource } from '../../platform/static-site.ts';
import { openLotIdsForSitemap } from '../auctions/auctions.search.ts';
import { catalogRoutes } from './catalog.routes.ts';

/** Lot pages in /sitemap.xml: the open lots ending soonest, at most this many (one sitemap file holds 50,000). */
export const SITEMAP_LOTS_MAX = 10_000;

/** The catalogue area (registered under /api): /sale search, watchlist, saved filters; lot pages in the sitemap. */
export const catalogModule: FastifyPluginAsyncZod = async (app) => {
  registerSitemapSource(app, async () => {
    const { db, clock } = app.platform;
    const lots = await openLotIdsForSitemap(db, clock.now(), SITEMAP_LOTS_MAX);
    return lots.map((lot) => ({
      loc: `/sale/${lot.id}`,
      lastmod: lot.updatedAt,
      changefreq: 'hourly' as const,
      priority: 0.6,
    }));
  });
  await app.register(catalogRoutes);
};
