import { FundsSummarySchema, pageSchema, TransactionLineSchema, TransactionsQuerySchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { settingsOffsetMinutes } from '../profile/profile.service.ts';
import { EXPORT_CONTENT_TYPES } from './funds.export.ts';
import { fundsDemoSeeder } from './funds.seeder.ts';
import { exportTransactions, getSummary, listTransactions } from './funds.service.ts';

const tags = ['funds'];

/** My fund (registered under /api): the summary and the transaction history with its exports. */
export const fundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.platform.seeders.register(fundsDemoSeeder);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/funds/summary',
    {
      schema: {
        tags,
        summary: 'My balances: available, frozen (with what holds each amount), earnings and earnings under settlement',
        response: { 200: okSchema(FundsSummarySchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await getSummary(app, requireUser(request).id)),
  );

  app.get(
    '/funds/transactions',
    {
      schema: {
        tags,
        summary: 'My transaction history (ledger lines), newest first',
        description:
          "`type` (a ledger kind), `bucket`, and `from` / `to` as dates in the caller's time zone " +
          '(Accept-Timezone-Offset), both inclusive. `format=csv|xlsx` downloads the filtered list (all pages) as a ' +
          'file named by content-disposition, with localised headers and type names; more than ' +
          'the exportMaxRows parameter’s lines answer Funds.ExportFailed. The memos the system writes (deposit ' +
          'releases, top-ups, settlements, demo data) are in the caller’s language (Accept-Language).',
        querystring: TransactionsQuerySchema,
        produces: ['application/json', EXPORT_CONTENT_TYPES.csv, EXPORT_CONTENT_TYPES.xlsx],
        response: { 200: okSchema(pageSchema(TransactionLineSchema)) },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { query } = request;
      const reader = { locale: request.locale, offsetMinutes: request.timezoneOffsetMinutes };
      if (query.format === 'json') return ok(await listTransactions(app, user.id, query, reader));
      // The file writes its times in the user's time-zone setting (as e-mails and invoices do).
      const offsetMinutes = await settingsOffsetMinutes(app, user.id, app.platform.clock.now());
      const file = await exportTransactions(
        app,
        user.id,
        { ...query, format: query.format },
        { ...reader, offsetMinutes },
      );
      // A Buffer is sent as it is: no envelope, no response-schema serialisation (hence the cast: the
      // typed reply only knows the JSON page).
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.contentDisposition)
        .send(file.body as never);
    },
  );
};
