import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fundsAdminRoutes } from './funds.admin.routes.ts';
import { fundsRoutes } from './funds.routes.ts';
import { payeeRoutes } from './payees.routes.ts';
import { rechargeRoutes } from './recharge.routes.ts';
import { settlementRoutes } from './settlements.routes.ts';

/** The funds area (registered under /api): summary and history, top-up, bank cards, payees, settlements. */
export const fundsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(fundsRoutes);
  await app.register(rechargeRoutes);
  await app.register(payeeRoutes);
  await app.register(settlementRoutes);
  await app.register(fundsAdminRoutes);
};
