import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingAdminRoutes } from './listings.admin.routes.ts';
import { registerSellerAuctionHooks } from './listings.auction.ts';
import { listingImportRoutes } from './listings.import.routes.ts';
import { listingLogoRoutes } from './listings.logo.routes.ts';
import { listingRoutes } from './listings.routes.ts';
import { registerListingSeeders } from './listings.seeder.ts';
import { registerListingSweepers } from './listings.sweepers.ts';
import { marketRoutes } from './market.routes.ts';
import { ownershipRoutes } from './ownership.routes.ts';
import { registerOwnershipSweepers } from './ownership.sweepers.ts';
import { sellerRoutes } from './seller.routes.ts';

/**
 * The listings area (registered under /api): the seller centre (listings in three modes, review,
 * quick listing, price calendar, batch pricing, batch and Excel listing, logos), ownership proofs of
 * domains held elsewhere, the operators' review queue and the public market.
 */
export const listingsModule: FastifyPluginAsyncZod = async (app) => {
  registerSellerAuctionHooks();
  registerListingSeeders(app);
  registerListingSweepers(app);
  registerOwnershipSweepers(app);
  await app.register(listingRoutes);
  await app.register(listingImportRoutes);
  await app.register(listingLogoRoutes);
  await app.register(listingAdminRoutes);
  await app.register(ownershipRoutes);
  await app.register(marketRoutes);
  await app.register(sellerRoutes);
};
