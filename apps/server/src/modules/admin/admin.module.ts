import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin.routes.ts';
import { demoOperatorsSeeder } from './operators.seeder.ts';

/**
 * The operator console's API (registered under /api, paths under /admin): roles checked on every
 * route; the operator, user lookup, balance adjustments, the ledger check; the demo finance and
 * support operators. (The payee and settlement review queues live with the funds area.)
 */
export const adminModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.seeders.register(demoOperatorsSeeder);
  await app.register(adminRoutes);
};
