import { AuditEntrySchema, AuditQuerySchema, pageSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../platform/envelope.ts';
import { searchAudit } from './audit.service.ts';

/** The audit log viewer (registered under /api): every operator action and parameter change; admins only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log',
        description:
          'Every recorded change, newest first: who (`actor`: an account number, or `system` for the sweeper and ' +
          'webhooks), what (`entity` type such as user, parameter, payee, settlement, listing, order, with an ' +
          'optional `entityId`; `action`), when (`from` and `to`: a day YYYY-MM-DD in UTC, `to` inclusive, or a ' +
          'time with its offset). An unknown actor matches nothing. Paged (page, pageSize ≤ 100). Role: admin.',
        querystring: AuditQuerySchema,
        response: { 200: okSchema(pageSchema(AuditEntrySchema)) },
      },
      config: { access: { operator: 'admin' } },
    },
    async (request) => ok(await searchAudit(app, request.query)),
  );
};
