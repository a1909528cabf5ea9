import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Buying from sellers (registered under /api): the cart (GET/POST/DELETE /cart, /cart/:listingId) and its checkout (POST /cart/checkout). */
export const cartRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Filled in by issue 17's work.
};
