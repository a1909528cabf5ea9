import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auctionsAdminRoutes } from './auctions.admin.routes.ts';
import { auctionConsoleRoutes } from './auctions.console.routes.ts';
import { registerAuctionMetrics } from './auctions.metrics.ts';
import { auctionBiddingRoutes } from './auctions.routes.ts';
import { demoAuctionsSeeder } from './auctions.seeder.ts';
import { registerAuctionSweepers } from './auctions.sweepers.ts';

/**
 * The auctions area (registered under /api): lots, proxy bidding with deposits, soft close, live
 * updates; the close, payment-deadline and delivery sweepers; operators adding lots; demo lots.
 * Each part registers itself here with one line.
 */
export const auctionsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(auctionBiddingRoutes);
  await app.register(auctionsAdminRoutes);
  app.platform.seeders.register(demoAuctionsSeeder);
  registerAuctionSweepers(app);
  registerAuctionMetrics(app);
  await app.register(auctionConsoleRoutes);
};
