import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auctionConsoleRoutes } from './auctions.console.routes.ts';
import { registerAuctionMetrics } from './auctions.metrics.ts';
import { registerAuctionSweepers } from './auctions.sweepers.ts';
import { auctionsAdminRoutes } from './auctions.admin.routes.ts';
import { demoAuctionsSeeder } from './auctions.seeder.ts';
import { auctionBiddingRoutes } from './auctions.routes.ts';

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
