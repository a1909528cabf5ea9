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

/** The image type from the file's first bytes (never its name or declared type): JPEG (FF D8 FF) or PNG; null otherwise. */
export function sniffImageType(data: Buffer): 'image/jpeg' | 'image/png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= png.length && png.every((b, i) => data[i] === b)) return 'image/png';
  return null;
}

/** A file name safe to store and to put in a header: the base name, printable, at most 120 characters. */
export function cleanFileName(raw: string | undefined, contentType: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f && ch !== '"';
    })
    .join('')
    .trim()
    .slice(-120);
  return cleaned || (contentType === 'image/png' ? 'image.png' : 'image.jpg');
}
