import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { feedsRoutes } from './feeds.routes.ts';
import { demoOperatorsSeeder } from './operators.seeder.ts';
import { parametersRoutes } from './parameters.routes.ts';
import { queuesRoutes } from './queues.routes.ts';
import { restrictionsRoutes } from './restrictions.routes.ts';

/**
 * The operator console's API (registered under /api, paths under /admin): roles checked on every
 * route; the operator, user lookup, balance adjustments, the ledger check; the demo finance and
 * support operators. (The payee and settlement review queues live with the funds area.)
 */
export const adminModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.seeders.register(demoOperatorsSeeder);
  await app.register(adminRoutes);
  await app.register(parametersRoutes);
  await app.register(restrictionsRoutes);
  await app.register(auditRoutes);
  await app.register(queuesRoutes);
  await app.register(feedsRoutes);
};
