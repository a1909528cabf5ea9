import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOCK_HANDLERS } from './domains.lock.ts';
import { RENEWAL_HANDLERS, renewDomain } from './domains.renewal.ts';
import { domainRoutes } from './domains.routes.ts';
import { demoDomainsSeeder } from './domains.seeder.ts';
import { registerDomainSweepers } from './domains.sweepers.ts';
import { domainTransferRoutes } from './domains.transfer.routes.ts';
import { expireTransferCodes, TRANSFER_HANDLERS } from './domains.transfer.ts';

/**
 * The domains area (registered under /api): My domains, groups and notes, the transfer lock,
 * renewal and redemption, transfers out and in; the sweepers that submit and poll registrar
 * operations, move domains by their dates and expire transfer codes.
 */
export const domainsModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.seeders.register(demoDomainsSeeder);
  registerDomainSweepers(app, { ...LOCK_HANDLERS, ...RENEWAL_HANDLERS, ...TRANSFER_HANDLERS });
  app.platform.sweeper.register(expireTransferCodes(app));
  await app.register(domainRoutes({ renew: (user, name, years) => renewDomain(app, user, name, years) }));
  await app.register(domainTransferRoutes);
};
