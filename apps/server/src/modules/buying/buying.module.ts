import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buyingRoutes } from './buying.routes.ts';
import { registerBuyingSeeders } from './buying.seeder.ts';
import { cartRoutes } from './cart.routes.ts';
import { sellerDeliveryRoutes } from './delivery.routes.ts';
import { registerSaleDelivery } from './delivery.service.ts';
import { offerRoutes } from './offers.routes.ts';
import { registerOfferSweepers } from './offers.sweepers.ts';
import { registerSalesLifecycle } from './sales.lifecycle.ts';
import { listingWatchRoutes } from './watch.routes.ts';

/**
 * Buying from sellers (issue 17; registered under /api): buy now, the cart and bulk checkout,
 * offers and counter-offers, watched listings, and the seller's push of a domain held elsewhere.
 * Orders, payment, escrow and delivery are the orders area's; listings move through their table.
 */
export const buyingModule: FastifyPluginAsyncZod = async (app) => {
  registerBuyingSeeders(app);
  await app.register(buyingRoutes);
  await app.register(cartRoutes);
  registerOfferSweepers(app);
  await app.register(offerRoutes);
  await app.register(listingWatchRoutes);
  await app.register(sellerDeliveryRoutes);
  registerSalesLifecycle();
  registerSaleDelivery();
};
