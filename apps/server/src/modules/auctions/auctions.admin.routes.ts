import {
  AdminAddLotsRequestSchema,
  AdminAddLotsResponseSchema,
  AdminAuctionSchema,
  AdminAuctionsQuerySchema,
  pageSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { createLots, listLotsForOperator } from './auctions.lots.ts';

const tags = ['admin'];
const admins = { access: { operator: 'admin' as const } };

/** Operators adding and listing lots (registered under /api, paths under /admin). */
export const auctionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/admin/auctions',
    {
      schema: {
        tags,
        summary: 'Add lots (a batch of up to 1,000)',
        description:
          'All or nothing, one audit record per lot. A lot runs 3–6 days; it is bidding at once when it starts ' +
          'now or earlier, scheduled otherwise; its latest end is start + 6 days. Errors: Request.Invalid (fields ' +
          '`lots.<index>.<field>`, e.g. an end in the past), Auction.LotExists (409: a domain twice in the batch or ' +
          'with an open lot already; data `{ domain, fields }`). The console parses CSV in the browser ' +
          '(parseLotsCsv of the contract) and posts it in batches. Role: admin.',
        body: AdminAddLotsRequestSchema,
        response: { 200: okSchema(AdminAddLotsResponseSchema) },
      },
      config: { ...admins, errors: ['Auction.LotExists'] },
    },
    async (request) => ok(await createLots(app, requireUser(request), request.body.lots, { locale: request.locale })),
  );

  app.get(
    '/admin/auctions',
    {
      schema: {
        tags,
        summary: 'Lots (operator console)',
        description:
          'Every lot, newest first; `status` narrows to one status, `keyword` matches part of the domain. ' +
          'With the partner, start price, end window, winner and order. Role: admin.',
        querystring: AdminAuctionsQuerySchema,
        response: { 200: okSchema(pageSchema(AdminAuctionSchema)) },
      },
      config: admins,
    },
    async (request) => ok(await listLotsForOperator(app, request.query)),
  );
};
