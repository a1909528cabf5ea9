import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Buying from sellers (registered under /api): watched listings (POST /watchlist with listingId, DELETE /watchlist/listings/:listingId, GET /watchlist/listings). */
export const listingWatchRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Filled in by issue 17's work.
};
