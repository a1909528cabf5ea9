import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { LOCK_HANDLERS } from './domains.lock.ts';
import { domainRoutes } from './domains.routes.ts';
import { registerDomainSweepers } from './domains.sweepers.ts';

/**
 * The domains area (registered under /api): My domains, groups and notes, the transfer lock;
 * the sweepers that submit and poll registrar operations and move domains by their dates.
 * (Transfers, renewal and redemption are being wired in.)
 */
export const domainsModule: FastifyPluginAsyncZod = async (app) => {
  registerDomainSweepers(app, { ...LOCK_HANDLERS });
  await app.register(
    domainRoutes({
      renew: async () => {
        throw new AppError('Domain.RenewalFailed', { data: { reason: 'not_renewable' } });
      },
    }),
  );
};
