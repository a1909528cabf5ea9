import {
  AdminPayeeSchema,
  AdminPayeesQuerySchema,
  AdminSettlementSchema,
  AdminSettlementsQuerySchema,
  PayeeReviewRequestSchema,
  pageSchema,
  SettlementReviewRequestSchema,
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
          'the images and the history. Roles: finance, admin.',
        querystring: AdminPayeesQuerySchema,
        response: { 200: okSchema(pageSchema(AdminPayeeSchema)) },
      },
      config: reviewers,
    },
    async (request) => ok(await listPayeesForOperator(app, request.query)),
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
          'history. Roles: finance, admin.',
        querystring: AdminSettlementsQuerySchema,
        response: { 200: okSchema(pageSchema(AdminSettlementSchema)) },
      },
      config: reviewers,
    },
    async (request) => ok(await listSettlementsForOperator(app, request.query)),
  );

  app.post(
    '/admin/settlements/:settlementId/review',
    {
      schema: {
        tags,
        summary: 'Approve (→ processing), mark paid (→ success) or fail (→ failure)',
        description:
          'paid: the net arrives in the balance (or goes out by wire) and the fee to the platform; fail (reason ' +
          'required): the amount returns to earnings. The owner is messaged. Errors: Funds.SettlementNotFound, ' +
          'Settlement.InvalidTransition (409). Roles: finance, admin.',
        params: z.object({ settlementId: idParam }),
        body: SettlementReviewRequestSchema,
        response: { 200: okSchema(AdminSettlementSchema) },
      },
      config: { ...reviewers, errors: ['Funds.SettlementNotFound', 'Settlement.InvalidTransition'] },
    },
    async (request) => ok(await reviewSettlement(app, requireUser(request), request.params.settlementId, request.body)),
  );
};
