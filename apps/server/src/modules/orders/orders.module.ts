import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderRoutes } from './orders.routes.ts';
import { demoOrdersSeeder } from './orders.seeder.ts';
import { registerOrderSweepers } from './orders.sweepers.ts';

/**
 * The orders area (registered under /api): orders for every way of buying, payment into escrow,
 * invoices; the pay-by deadline and reminder sweepers; the demo buyer's orders (after the account seeder).
 */
export const ordersModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.seeders.register(demoOrdersSeeder);
  registerOrderSweepers(app);
  await app.register(orderRoutes);
};
