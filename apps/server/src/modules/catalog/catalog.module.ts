import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerSitemapSection } from '../../platform/sitemap.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { lotsSitemapSection } from './catalog.service.ts';

/** The catalogue area (registered under /api): /sale search, watchlist, saved filters; lot pages in the sitemap. */
export const catalogModule: FastifyPluginAsyncZod = async (app) => {
  registerSitemapSection(app, lotsSitemapSection(app));
  await app.register(catalogRoutes);
};
