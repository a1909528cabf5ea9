import {
  SellerExportQuerySchema,
  SellerSalesPageSchema,
  SellerSalesQuerySchema,
  SellerStatisticsSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { EXPORT_CONTENT_TYPES } from '../../platform/table-export.ts';
import { settingsOffsetMinutes } from '../profile/profile.service.ts';
import { exportMySales, exportMyStatistics } from './seller.export.ts';
import { getMyStatistics, listMySales } from './seller.service.ts';

const tags = ['listings'];
const produces = ['application/json', EXPORT_CONTENT_TYPES.csv, EXPORT_CONTENT_TYPES.xlsx];
const exportNote =
  ' `format=csv|xlsx` downloads it as a file named by content-disposition, with headers in the reader’s ' +
  'language (Accept-Language) and times in their zone (Accept-Timezone-Offset); a failure answers ' +
  'Funds.ExportFailed.';

/**
 * The seller centre's sales (API.md Seller centre), registered under /api: the caller's sold
 * domains with net and payout timeline, and statistics by month, TLD and mode, as JSON or as a
 * CSV/XLSX file. Only the caller's own sales: nothing here takes another seller's id.
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
          '`totals`: the completed sales of the whole filter.' +
          exportNote +
          ' The file holds the whole filtered list (all pages); more than the exportMaxRows parameter’s sales ' +
          'answer Funds.ExportFailed.',
        querystring: SellerSalesQuerySchema.and(SellerExportQuerySchema),
        produces,
        response: { 200: okSchema(SellerSalesPageSchema) },
      },
      config: { access: 'user', errors: ['Funds.ExportFailed'] },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { format, ...query } = request.query;
      if (!format) return ok(await listMySales(app, user.id, query));
      // Dates in the user's time-zone setting (as the pages show them), not the browser's.
      const reader = {
        locale: request.locale,
        offsetMinutes: await settingsOffsetMinutes(app, user.id, app.platform.clock.now()),
      };
      const file = await exportMySales(app, user.id, query, format, reader);
      // A Buffer is sent as it is: no envelope, no response-schema serialisation (hence the cast: the
      // typed reply only knows the JSON answer).
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.contentDisposition)
        .send(file.body as never);
    },
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
          'open listings (on sale, in review, selling); offers received on my listings in the last 12 months ' +
          'and accepted of them; views of my listings’ public pages (all time, and my five most viewed open ' +
          'listings).' +
          exportNote +
          ' The file lists count, revenue, average price and net by month, by TLD and by mode.',
        querystring: SellerExportQuerySchema,
        produces,
        response: { 200: okSchema(SellerStatisticsSchema) },
      },
      config: { access: 'user', errors: ['Funds.ExportFailed'] },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { format } = request.query;
      if (!format) return ok(await getMyStatistics(app, user.id));
      // Dates in the user's time-zone setting (as the pages show them), not the browser's.
      const reader = {
        locale: request.locale,
        offsetMinutes: await settingsOffsetMinutes(app, user.id, app.platform.clock.now()),
      };
      const file = await exportMyStatistics(app, user.id, format, reader);
      // A Buffer is sent as it is: no envelope, no response-schema serialisation (hence the cast: the
      // typed reply only knows the JSON answer).
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.contentDisposition)
        .send(file.body as never);
    },
  );
};
