import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Buying from sellers (registered under /api): the seller's push of a domain held elsewhere (POST /seller/sales/:orderId/deliver). */
export const sellerDeliveryRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Filled in by issue 17's work.
};
