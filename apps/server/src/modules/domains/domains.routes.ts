import { MyDomainSchema, MyDomainsQuerySchema, pageSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { listMyDomains } from './domains.service.ts';

/** My domains (API.md Domains): GET /domains. */
export const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/domains',
    {
      schema: {
        tags: ['domains'],
        summary: 'My domains',
        description: 'Domains delivered to the signed-in user, newest first; `keyword` matches part of the name.',
        querystring: MyDomainsQuerySchema,
        response: { 200: okSchema(pageSchema(MyDomainSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listMyDomains(app, requireUser(request).id, request.query)),
  );
};
