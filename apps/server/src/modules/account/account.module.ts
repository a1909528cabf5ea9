import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account.routes.ts';
import { demoAccountsSeeder } from './account.seeder.ts';
import { ensureAdmin } from './account.service.ts';

/** The account area (registered under /api): its routes its demo seeder and the operator account of ADMIN_EMAIL. */
export const accountModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.seeders.register(demoAccountsSeeder);
  app.platform.seeders.provideOperator(({ db, clock }, admin) => ensureAdmin(db, clock, admin));
  await app.register(accountRoutes);
};
