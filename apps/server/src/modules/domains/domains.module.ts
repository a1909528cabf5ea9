import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainRoutes } from './domains.routes.ts';

/** The domains area (registered under /api): my domains (delivered lots); operations come with the domain-management issue. */
export const domainsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(domainRoutes);
};
