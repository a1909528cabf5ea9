import multipart from '@fastify/multipart';
import {
  FUNDS_LIMITS,
  fieldMessage,
  PayeeFileSchema,
  PayeeSchema,
  RevokePayeeRequestSchema,
  SavePayeeRequestSchema,
} from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import {
  listPayees,
  readPayeeFile,
  registerPayeeSweepers,
  revokePayee,
  savePayee,
  uploadPayeeFile,
} from './payees.service.ts';

const tags = ['funds'];
const idParam = z.string().min(1).max(64);

/** The multipart parser's refusals as contract errors. */
function uploadError(err: unknown, locale: FastifyRequest['locale']): AppError {
  if (isAppError(err)) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('File.TooLarge', { cause: err });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('Request.UnsupportedMediaType', { cause: err });
  // busboy's refusals of a malformed body (no boundary, a broken part header, a cut-off form) are the
  // client's fault, not a failed upload.
  const malformed = /^(Multipart: |Malformed |Unexpected end of form|Unsupported content type)/.test(
    (err as { message?: string } | null)?.message ?? '',
  );
  if (malformed || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('Request.Invalid', { cause: err, data: { fields: { file: fieldMessage('invalid', locale) } } });
  }
  return new AppError('File.UploadFailed', { cause: err });
}

/** Reads the one file of a multipart upload (field `file`), within the size limit. */
async function readUpload(request: FastifyRequest) {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: FUNDS_LIMITS.payeeFileMaxBytes, files: 1, fields: 4, parts: 5 } });
  } catch (err) {
    throw uploadError(err, request.locale);
  }
  if (part?.fieldname !== 'file') {
    throw new AppError('Request.Invalid', { data: { fields: { file: fieldMessage('required', request.locale) } } });
  }
  try {
    return { fileName: part.filename, declaredType: part.mimetype, data: await part.toBuffer() };
  } catch (err) {
    throw uploadError(err, request.locale);
  }
}

/** Payee routes (registered under /api): the account's payees, their images, withdrawal. */
export const payeeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only here (scoped to this plugin): one image per request, at most the payee file size.
  await app.register(multipart, {
    limits: { fileSize: FUNDS_LIMITS.payeeFileMaxBytes, files: 1, fields: 4, parts: 5 },
  });
  registerPayeeSweepers(app.platform.sweeper);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/funds/payees',
    {
      schema: {
        tags,
        summary: "The account's payees (at most one per type)",
        description: 'Account numbers are masked but for the last 4 characters.',
        response: { 200: okSchema(z.object({ items: z.array(PayeeSchema) })) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listPayees(app, requireUser(request).id)),
  );

  app.post(
    '/funds/payees',
    {
      schema: {
        tags,
        summary: 'Create or edit the payee of a type (wire or PayPal)',
        description:
          'One payee per account per type: a new one is pending review (about 3 days). An approved payee ' +
          'cannot be edited (Funds.PayeeLocked); an edit while in review keeps the status; one that needs a ' +
          'supplement becomes supplement-submitted; a rejected or revoked one is submitted again. `fileIds` ' +
          '(≤ 4) are uploads from POST /funds/payees/files and replace the payee’s images. Needs MFA ' +
          '(reason SAVE_PAYEE). Errors: Request.Invalid (per field), Funds.PayeeLocked, Account.Mfa.Required.',
        body: SavePayeeRequestSchema,
        response: { 200: okSchema(PayeeSchema) },
      },
      config: { errors: ['Funds.PayeeLocked'], access: 'user', mfa: 'SAVE_PAYEE' },
    },
    async (request) => ok(await savePayee(app, requireUser(request), request.body, request.locale)),
  );

  app.post(
    '/funds/payees/files',
    {
      schema: {
        tags,
        summary: 'Upload an agreement or certificate image (multipart, field `file`)',
        description:
          `JPG or PNG (checked by the file's own bytes), at most ${FUNDS_LIMITS.payeeFileMaxBytes / 1024 / 1024} MB. ` +
          'The upload stays unattached until a payee is saved with its fileId, and is deleted after a day ' +
          'otherwise. Errors: File.UnsupportedFormat, File.TooLarge, File.UploadFailed.',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(PayeeFileSchema) },
      },
      config: {
        errors: ['File.UnsupportedFormat', 'File.TooLarge', 'File.UploadFailed'],
        access: 'user',
        idempotency: false,
      },
    },
    async (request) => ok(await uploadPayeeFile(app, requireUser(request), await readUpload(request))),
  );

  app.get(
    '/funds/payees/files/:fileId',
    {
      schema: {
        tags,
        summary: 'A payee image (its owner, or an operator)',
        description: 'The image itself (image/jpeg or image/png), never cached. File.NotFound for anyone else.',
        params: z.object({ fileId: idParam }),
      },
      config: {
        errors: ['File.NotFound'],
        access: { owner: 'payee-file' },
        produces: { type: 'image/*', description: 'The image (JPEG or PNG) as uploaded' },
      },
    },
    async (request, reply) => {
      const file = await readPayeeFile(app, requireUser(request), request.params.fileId);
      const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `inline; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(file.data);
    },
  );

  app.post(
    '/funds/payees/:payeeId/revoke',
    {
      schema: {
        tags,
        summary: 'Withdraw a payee',
        description:
          'Any status but revoked (a revoked payee is submitted again by saving it). A wire payee with a ' +
          'settlement in review or processing cannot be withdrawn (Payee.InvalidTransition). Needs MFA ' +
          '(reason REVOKE_PAYEE). Errors: Funds.PayeeNotFound, Payee.InvalidTransition.',
        params: z.object({ payeeId: idParam }),
        body: RevokePayeeRequestSchema.optional(),
        response: { 200: okSchema(PayeeSchema) },
      },
      config: {
        errors: ['Funds.PayeeNotFound', 'Payee.InvalidTransition'],
        access: { owner: 'payee' },
        mfa: 'REVOKE_PAYEE',
      },
    },
    async (request) => ok(await revokePayee(app, requireUser(request), request.params.payeeId)),
  );
};
