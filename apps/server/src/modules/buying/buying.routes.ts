import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Buying from sellers (registered under /api): buy now (POST /listings/:listingId/buy) and the buyer's state of a market listing (GET /market/:domain/mine). */
export const buyingRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Filled in by issue 17's work.
};
