import {
  AdminPayeeSchema,
  PayeeQueueQuerySchema,
  PayeeReviewRequestSchema,
  QueuedPayeesPageSchema,
  QueuedSettlementSchema,
  QueuedSettlementsPageSchema,
  SettlementDecisionSchema,
  SettlementQueueQuerySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { listPayeesForOperator, reviewPayee } from './payees.service.ts';
import { listSettlementsForOperator, reviewSettlement } from './settlements.service.ts';

const tags = ['admin'];
const idParam = z.string().min(1).max(64);
/** Finance reviewers (and admins, who hold every role). */
const reviewers = { access: { operator: ['finance' as const] } };

/** The review queues of payees and settlements (registered under /api, paths under /admin). */
export const fundsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/payees',
    {
      schema: {
        tags,
        summary: 'Payees to review',
        description:
          'queue=review (default): pending review and supplement submitted, oldest first; queue=all: every ' +
          'payee, newest first; `status` narrows to one status. With the owner, the whole account number, ' +
          'the images and the history. `q`: a payee’s name or id, an owner’s account number or e-mail; ' +
          '`assigned=me|unassigned`; each item has `queue` (reviewer, age, overdue). Roles: finance, admin.',
        querystring: PayeeQueueQuerySchema,
        response: { 200: okSchema(QueuedPayeesPageSchema) },
      },
      config: reviewers,
    },
    async (request) => ok(await listPayeesForOperator(app, request.query, requireUser(request))),
  );

  app.post(
    '/admin/payees/:payeeId/review',
    {
      schema: {
        tags,
        summary: 'Approve, reject or ask for a supplement',
        description:
          'A reason is required but for approve; the owner is messaged with it. Errors: Funds.PayeeNotFound, ' +
          'Payee.InvalidTransition (409: not in review). Roles: finance, admin.',
        params: z.object({ payeeId: idParam }),
        body: PayeeReviewRequestSchema,
        response: { 200: okSchema(AdminPayeeSchema) },
      },
      config: { ...reviewers, errors: ['Funds.PayeeNotFound', 'Payee.InvalidTransition'] },
    },
    async (request) => ok(await reviewPayee(app, requireUser(request), request.params.payeeId, request.body)),
  );

  app.get(
    '/admin/settlements',
    {
      schema: {
        tags,
        summary: 'Settlements to review',
        description:
          'queue=open (default): in review and processing, oldest first; queue=all: every settlement, newest ' +
          'first; `status` narrows to one status. With the owner, the wire payee’s bank details and the ' +
          'history. `q`: a settlement id, an account number or e-mail; `assigned=me|unassigned`; each item has ' +
          '`queue` (reviewer, age, overdue). Roles: finance, admin.',
        querystring: SettlementQueueQuerySchema,
        response: { 200: okSchema(QueuedSettlementsPageSchema) },
      },
      config: reviewers,
    },
    async (request) => ok(await listSettlementsForOperator(app, request.query, requireUser(request))),
  );

  app.post(
    '/admin/settlements/:settlementId/review',
    {
      schema: {
        tags,
        summary: 'Approve, mark a wire paid, or fail',
        description:
          'approve: a settlement to the balance completes at once (net credited to available, fee to the platform, ' +
          'status success); a wire goes to processing. paid (a wire in processing → success): `bankReference` ' +
          'required (Request.Invalid otherwise), kept and shown to the owner. fail (reason required): the amount ' +
          'returns to earnings. The owner is messaged. Errors: Funds.SettlementNotFound, ' +
          'Settlement.InvalidTransition (409), Request.Invalid. Roles: finance, admin.',
        params: z.object({ settlementId: idParam }),
        body: SettlementDecisionSchema,
        response: { 200: okSchema(QueuedSettlementSchema) },
      },
      config: { ...reviewers, errors: ['Funds.SettlementNotFound', 'Settlement.InvalidTransition'] },
    },
    async (request) =>
      ok(await reviewSettlement(app, requireUser(request), request.params.settlementId, request.body, request.locale)),
  );
};
