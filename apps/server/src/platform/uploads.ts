import { type ErrorCode, fieldMessage } from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, isAppError } from './errors.ts';

/**
 * The multipart parser's (@fastify/multipart, busboy) refusals of an upload as contract errors, one
 * mapping for every upload route: too large → Request.PayloadTooLarge, not multipart →
 * Request.UnsupportedMediaType, a malformed body or too many parts → Request.Invalid on `file`, and a
 * body cut off on the way (or anything else the stream throws) → the route's own `failed` code.
 */
export function uploadError(err: unknown, locale: FastifyRequest['locale'], failed: ErrorCode): AppError {
  if (isAppError(err)) return err;
  const code = (err as { code?: string } | null)?.code;
  const message = (err as { message?: string } | null)?.message ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('Request.PayloadTooLarge', { cause: err });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('Request.UnsupportedMediaType', { cause: err });
  // busboy's refusals of a malformed body (no boundary, a broken part header) are the client's fault.
  if (
    /^(Multipart: |Malformed |Unsupported content type)/.test(message) ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT'
  ) {
    return new AppError('Request.Invalid', { cause: err, data: { fields: { file: fieldMessage('invalid', locale) } } });
  }
  // The body ended before the form did (the upload was cut off on the way), or the stream failed.
  return new AppError(failed, { cause: err });
}
