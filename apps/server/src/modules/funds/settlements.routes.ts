import {
  pageSchema,
  SettlementRecordSchema,
  SettlementRequestSchema,
  SettlementsQuerySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { applySettlement, listMySettlements } from './settlements.service.ts';

const tags = ['funds'];

/**
 * The application body: the contract's, with the minimum (a parameter) checked by the service instead of the
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
        description: 'With the fee, the net, the status and, once a wire is paid, the bank reference.',
        querystring: SettlementsQuerySchema,
        response: { 200: okSchema(pageSchema(SettlementRecordSchema)) },
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
          'At least the minimum (parameter settlementMinCents, $50 by default) and not above the available ' +
          'earnings; the fee (parameter settlementFeeCents, $1 by default) is taken from the amount (net = amount − ' +
          "fee). target 'balance' is credited to the available balance as soon as it is approved; 'wire' pays the " +
          "account's approved wire payee (review 3–5 working days, the bank reference is shown once paid). " +
          'Needs MFA (reason APPLY_SETTLEMENT). Errors: ' +
          'Funds.SettlementBelowMinimum (any amount under the minimum, refused before anything is computed; data: ' +
          'fields.amountCents, minimumCents), Funds.SettlementExceedsEarnings (data: fields.amountCents, ' +
          'earningsCents), Funds.PayeeNotApproved, Request.Invalid.',
        body: ApplyBodySchema,
        response: { 200: okSchema(SettlementRecordSchema) },
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
