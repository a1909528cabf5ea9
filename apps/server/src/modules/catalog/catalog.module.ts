import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerSitemapSource } from '../../platform/static-site.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { sitemapLots } from './catalog.service.ts';

/** Lot pages in /sitemap.xml: the open lots ending soonest, at most this many (one sitemap file holds 50,000). */
export const SITEMAP_LOTS_MAX = 10_000;

/** The catalogue area (registered under /api): /sale search, watchlist, saved filters; lot pages in the sitemap. */
export const catalogModule: FastifyPluginAsyncZod = async (app) => {
  registerSitemapSource(app, () => sitemapLots(app, SITEMAP_LOTS_MAX));
  await app.register(catalogRoutes);
};
