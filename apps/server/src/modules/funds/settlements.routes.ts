import {
  FUNDS_LIMITS,
  pageSchema,
  SettlementRequestSchema,
  SettlementSchema,
  SettlementsQuerySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { applySettlement, listMySettlements } from './settlements.service.ts';

const tags = ['funds'];

/**
 * The application body: the contract's, with the $50 minimum checked by the service instead of the
 * schema, so any whole amount below it (0 and negative ones too) answers Funds.SettlementBelowMinimum
 * with the field message, never a generic 'too small'.
 */
const ApplyBodySchema = SettlementRequestSchema.extend({
  amountCents: z.number().int().max(1_000_000_000),
});

/** Settlement routes (registered under /api): the account's settlements of earnings and applications. */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/funds/settlements',
    {
      schema: {
        tags,
        summary: "The account's settlements, newest first",
        querystring: SettlementsQuerySchema,
        response: { 200: okSchema(pageSchema(SettlementSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listMySettlements(app, requireUser(request).id, request.query)),
  );

  app.post(
    '/funds/settlements',
    {
      schema: {
        tags,
        summary: 'Apply for a settlement of earnings',
        description:
          `At least $${FUNDS_LIMITS.settlementMinCents / 100} and not above the available earnings; a fee of ` +
          `$${FUNDS_LIMITS.settlementFeeCents / 100} per transaction is taken from the amount (net = amount − fee). ` +
          "target 'balance' credits the available balance; 'wire' pays the account's approved wire payee. " +
          'Review takes 3–5 working days. Needs MFA (reason APPLY_SETTLEMENT). Errors: ' +
          'Funds.SettlementBelowMinimum (any amount under the minimum, refused before anything is computed; data: ' +
          'fields.amountCents, minimumCents), Funds.SettlementExceedsEarnings (data: fields.amountCents, ' +
          'earningsCents), Funds.PayeeNotApproved, Request.Invalid.',
        body: ApplyBodySchema,
        response: { 200: okSchema(SettlementSchema) },
      },
      config: {
        errors: ['Funds.SettlementBelowMinimum', 'Funds.SettlementExceedsEarnings', 'Funds.PayeeNotApproved'],
        access: 'user',
        restrict: 'settle',
        mfa: 'APPLY_SETTLEMENT',
      },
    },
    async (request) => ok(await applySettlement(app, requireUser(request), request.body, request.locale)),
  );
};
