import { SellerSalesPageSchema, SellerSalesQuerySchema, SellerStatisticsSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { getMyStatistics, listMySales } from './seller.service.ts';

const tags = ['listings'];

/**
 * The seller centre's sales (API.md Seller centre), registered under /api: the caller's sold
 * domains with net and payout timeline, and statistics by month, TLD and mode. Only the caller's
 * own sales: nothing here takes another seller's id.
 */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/seller/sales',
    {
      schema: {
        tags,
        summary: 'My sales',
        description:
          'The orders I sold (any source: seller auctions, fixed price, offers), newest first; orders nobody ' +
          'paid (voided, expired, buyer violation) are left out. `from`/`to`: days of the sale in UTC+8, ' +
          'inclusive; `q`: part of the domain. `netCents` is what reached my earnings (the ledger posting of ' +
          'the completion), `payout` the settlement that paid it out (first in, first out over the earnings). ' +
          '`totals`: the completed sales of the whole filter.',
        querystring: SellerSalesQuerySchema,
        response: { 200: okSchema(SellerSalesPageSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listMySales(app, requireUser(request).id, request.query)),
  );

  app.get(
    '/seller/statistics',
    {
      schema: {
        tags,
        summary: 'My sales statistics',
        description:
          'Completed sales (credited to my earnings): totals, the last 12 months in UTC+8 (empty months ' +
          'included), by TLD and by mode (price before tax = gross, credited = net); sales under way; my ' +
          'open listings (on sale, in review, selling).',
        response: { 200: okSchema(SellerStatisticsSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await getMyStatistics(app, requireUser(request).id)),
  );
};
