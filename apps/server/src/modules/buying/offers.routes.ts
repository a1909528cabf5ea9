import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Buying from sellers (registered under /api): offers (POST /listings/:listingId/offers, GET /offers, POST /offers/:offerId/accept|reject|counter). */
export const offerRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Filled in by issue 17's work.
};
