import multipart from '@fastify/multipart';
import {
  FEED_FILE_MAX_BYTES,
  FeedImportSchema,
  FeedImportsPageSchema,
  FeedParamsSchema,
  FeedsQuerySchema,
  FeedUploadFieldsSchema,
  fieldMessage,
} from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { uploadError } from '../../platform/uploads.ts';
import { cancelFeed, listFeeds, registerFeedSweepers, scheduleFeed } from './feeds.service.ts';

const tags = ['admin'];
const admins = { access: { operator: 'admin' as const } };
/** The form: `scheduledAt` (optional) before the one `file`. */
const UPLOAD_LIMITS = { fileSize: FEED_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 64 };

/** Reads the partner file (field `file`) and the `scheduledAt` field sent before it. */
async function readFeedUpload(request: FastifyRequest) {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: UPLOAD_LIMITS });
  } catch (err) {
    throw uploadError(err, request.locale, 'Feed.FileInvalid');
  }
  if (part?.fieldname !== 'file') {
    throw new AppError('Request.Invalid', { data: { fields: { file: fieldMessage('required', request.locale) } } });
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    throw uploadError(err, request.locale, 'Feed.FileInvalid');
  }
  const field = part.fields.scheduledAt;
  const raw = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
  const fields = FeedUploadFieldsSchema.safeParse({ scheduledAt: raw || undefined });
  if (!fields.success) {
    throw new AppError('Request.Invalid', {
      data: { fields: { scheduledAt: fieldMessage('dateInvalid', request.locale) } },
    });
  }
  const at = fields.data.scheduledAt;
  return { fileName: part.filename, data, scheduledAt: at ? new Date(at) : undefined };
}

/**
 * Scheduled lot feeds (issue 18), under /api: the imports with their reports, an upload scheduled at a
 * set time, and its cancellation. Files dropped in FEED_DROP_DIR are picked up by the sweeper too.
 */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFeedSweepers(app, app.platform.sweeper, app.platform.config.feedDropDir);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/feeds',
    {
      schema: {
        tags,
        summary: 'Scheduled lot feeds',
        description:
          'Newest first, with status (scheduled, running, done, failed, cancelled) and, once run, the report: lots ' +
          'created, duplicates (a domain already in an open lot, or earlier in the file) and refused rows with ' +
          'their field, code and message in the caller’s language. Role: admin.',
        querystring: FeedsQuerySchema,
        response: { 200: okSchema(FeedImportsPageSchema) },
      },
      config: admins,
    },
    async (request) => ok(await listFeeds(app, request.query, request.locale)),
  );

  app.post(
    '/admin/feeds',
    {
      schema: {
        tags,
        summary: 'Upload a partner file to import at a set time (multipart: `scheduledAt`, then `file`)',
        description:
          'A CSV of lots in the lot form’s columns (UTF-8, at most 2 MB). `scheduledAt` (ISO date-time with ' +
          'offset) defaults to now; the sweeper imports it when due. The same file (by content) is imported once. ' +
          'Audited. Errors: Feed.AlreadyImported (409, data.id), Feed.FileInvalid, Request.Invalid. Role: admin.',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(FeedImportSchema) },
      },
      config: { ...admins, idempotency: false, errors: ['Feed.AlreadyImported', 'Feed.FileInvalid'] },
    },
    async (request) => {
      const upload = await readFeedUpload(request);
      return ok(
        await scheduleFeed(
          app,
          requireUser(request),
          { fileName: upload.fileName, data: upload.data, source: 'upload', scheduledAt: upload.scheduledAt },
          request.locale,
        ),
      );
    },
  );

  app.post(
    '/admin/feeds/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a scheduled import',
        description:
          'Only while scheduled. Audited. Errors: Feed.NotFound, Feed.NotCancellable (409). Uploading the same ' +
          'file again schedules it again. Role: admin.',
        params: FeedParamsSchema,
        response: { 200: okSchema(FeedImportSchema) },
      },
      config: { ...admins, errors: ['Feed.NotFound', 'Feed.NotCancellable'] },
    },
    async (request) => ok(await cancelFeed(app, requireUser(request), BigInt(request.params.id), request.locale)),
  );
};
