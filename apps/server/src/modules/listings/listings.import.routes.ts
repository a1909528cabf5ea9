import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  BatchPriceBodySchema,
  BatchPriceResultSchema,
  fieldMessage,
  ImportLinesBodySchema,
  ImportResultSchema,
  LISTING_END_OPTIONS,
  LISTING_RULES,
  type ListingEndOption,
} from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { uploadError as platformUploadError } from '../../platform/uploads.ts';
import { batchPrice } from './listings.batch-price.ts';
import { importTemplate, XLSX_CONTENT_TYPE } from './listings.excel.ts';
import { importExcel, importLines } from './listings.import.ts';

const tags = ['listings'];
const MAX_MB = LISTING_RULES.excelMaxBytes / 1024 / 1024;
/** The multipart form: the file and, before it, an optional `endOption` field. */
const UPLOAD_LIMITS = { fileSize: LISTING_RULES.excelMaxBytes, files: 1, fields: 2, parts: 3, fieldSize: 64 };

/** The multipart parser's refusals as contract errors (an upload cut off: Listing.UploadFailed). */
const uploadError = (err: unknown, locale: FastifyRequest['locale']) =>
  platformUploadError(err, locale, 'Listing.UploadFailed');

interface Upload {
  data: Buffer;
  endOption: ListingEndOption;
}

const IMPORT_URL = '/api/listings/import';

/** Reads the Excel upload (field `file`) and the optional `endOption` field sent before it. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: UPLOAD_LIMITS });
  } catch (err) {
    throw uploadError(err, request.locale);
  }
  if (part?.fieldname !== 'file') {
    throw new AppError('Request.Invalid', { data: { fields: { file: fieldMessage('required', request.locale) } } });
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    throw uploadError(err, request.locale);
  }
  const field = part.fields.endOption;
  const raw = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
  if (raw !== undefined && !(LISTING_END_OPTIONS as readonly string[]).includes(raw)) {
    throw new AppError('Request.Invalid', { data: { fields: { endOption: fieldMessage('choice', request.locale) } } });
  }
  return { data, endOption: (raw as ListingEndOption | undefined) ?? '3m' };
}

/**
 * Batch listing, Excel import and its template, and batch pricing (registered under /api; spec §2,
 * §5; API.md Seller centre). Multipart is registered in this plugin only, for the import's upload.
 */
export const listingImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  // The Excel upload is read before the handler (access is checked on request, before this): a slow
  // upload never holds a keyed request's transaction open, and its digest can identify the request
  // for Idempotency-Key (a multipart body is not part of the JSON identity).
  const uploads = new WeakMap<FastifyRequest, Upload>();
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url !== IMPORT_URL || !request.isMultipart()) return;
    const upload = await readUpload(request);
    uploads.set(request, upload);
    (request as FastifyRequest & { idempotencyFingerprint?: string }).idempotencyFingerprint = createHash('sha256')
      .update(upload.endOption)
      .update('\n')
      .update(upload.data)
      .digest('base64url');
  });

  app.post(
    '/listings/import',
    {
      schema: {
        tags,
        summary: 'List many domains: lines of `domain price`, or an Excel file',
        description:
          `JSON \`{ lines, endOption }\`: one \`domain price\` per line (price in USD: 12, 12.5, 1,200.00, $12; ` +
          `separated by spaces, a tab or a comma), blank lines ignored, at most ${LISTING_RULES.maxLines} lines, ` +
          'each listed at a fixed price with the end option given. Or multipart/form-data with an optional ' +
          `\`endOption\` field and then the file (field \`file\`): an .xlsx (checked by its bytes) of at most ${MAX_MB} MB ` +
          `and ${LISTING_RULES.excelMaxRows} data rows, its first sheet headed Domain | Price (USD) | Mode ` +
          '(fixed/offer) | Floor (USD) | Industries | Keywords | Description (中文) | Description (English) — ' +
          'headers in either language (a sheet that starts with data is read in this order), see ' +
          'GET /listings/import/template. Each row is listed or refused as a ' +
          'whole: `refused` gives the line (or sheet row) number, the code (Commodity.DomainInvalid, ' +
          'Request.Invalid with the field message, or the listing refusals: Listing.AlreadyListed, ' +
          "Listing.DomainNotHeld, …) and the message in the caller's language. The whole request is refused " +
          'with Listing.TooManyRows, Request.PayloadTooLarge, Request.UnsupportedMediaType, ' +
          'Listing.FileParseError or Listing.UploadFailed (a cut-off upload).',
        consumes: ['application/json', 'multipart/form-data'],
        // Nullish: a multipart request has no JSON body (Fastify validates it as null); the handler reads its file.
        body: ImportLinesBodySchema.nullish(),
        response: { 200: okSchema(ImportResultSchema) },
      },
      config: {
        access: 'user',
        restrict: 'list',
        errors: [
          'Listing.TooManyRows',
          'Request.PayloadTooLarge',
          'Request.UnsupportedMediaType',
          'Listing.FileParseError',
          'Listing.UploadFailed',
        ],
      },
    },
    async (request) => {
      const user = requireUser(request);
      const upload = uploads.get(request);
      if (upload) return ok(await importExcel(app, user.id, upload.data, upload.endOption, request.locale));
      if (!request.body) {
        throw new AppError('Request.Invalid', {
          data: { fields: { lines: fieldMessage('required', request.locale) } },
        });
      }
      return ok(await importLines(app, user.id, request.body, request.locale));
    },
  );

  app.get(
    '/listings/import/template',
    {
      schema: {
        tags,
        summary: 'The Excel import template (.xlsx)',
        description:
          "Headers in the caller's language, two example rows, and a second sheet listing the industries " +
          '(key, Chinese and English names, any of which the Industries column accepts). ' +
          'Content-disposition attachment.',
        produces: [XLSX_CONTENT_TYPE],
      },
      config: {
        access: 'user',
        produces: { type: XLSX_CONTENT_TYPE, description: "The import template, in the caller's language" },
      },
    },
    async (request, reply) => {
      const file = await importTemplate(request.locale);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', file.contentDisposition)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/listings/batch-price',
    {
      schema: {
        tags,
        summary: 'Change the price of many of my listings',
        description:
          'Exactly one of `priceCents` (set), `percent` (−90…+1000, the result rounded to the cent half up) ' +
          'or `deltaCents` (add or subtract). Applies to fixed-price listings (their price) and offer listings ' +
          'with a buy-now price (that price; an offer listing without one, or a seller auction, fails with ' +
          'Listing.NotEditable), in on_sale, modification_review, pending_review, review_failed or ' +
          'supplement_required; the change takes effect at once, with no review. Each listing succeeds or ' +
          'fails on its own (`failed`: Listing.NotFound for ids that are not mine, Listing.NotEditable, ' +
          'Request.Invalid with the price message when the result is below $3.00 or an offer price below ' +
          'its floor). `preview: true` answers the same report and changes nothing.',
        body: BatchPriceBodySchema,
        response: { 200: okSchema(BatchPriceResultSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await batchPrice(app, requireUser(request).id, request.body, request.locale)),
  );
};
