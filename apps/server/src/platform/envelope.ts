import { randomUUID } from 'node:crypto';
import {
  ERROR_CATALOGUE,
  type ErrorCode,
  envelopeSchema,
  FIELD_MESSAGES,
  type FieldMessageKey,
  fieldMessage,
  type Locale,
  resolveLocale,
  SUCCESS_CODE,
} from '@namebourse/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, isAppError, isDatabaseUnavailable } from './errors.ts';

/** Retry-After of a 503 while the database is unreachable (it usually returns within seconds). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyRequest {
    /** zh-CN or en-US, from Accept-Language (zh* → zh-CN, anything else → en-US). */
    locale: Locale;
    /** Minutes east of UTC from Accept-Timezone-Offset (spec §7); 0 when absent or invalid. */
    timezoneOffsetMinutes: number;
    /** X-Device-Fingerprint (the page's visitor id), 'unknown' when absent. */
    deviceFingerprint: string;
  }
}

export interface SuccessEnvelope<T> {
  code: typeof SUCCESS_CODE;
  message: string;
  data: T;
}

/** Wraps a handler's result in the envelope. */
export function ok<T>(data: T): SuccessEnvelope<T> {
  return { code: SUCCESS_CODE, message: 'success', data };
}

/** Response schema for a route: the envelope around `data`. */
export function okSchema<T extends z.ZodType>(data: T) {
  return envelopeSchema(data);
}

export function newTraceId(): string {
  return randomUUID().replaceAll('-', '');
}

function parseOffset(raw: unknown): number {
  if (typeof raw !== 'string' || !/^[+-]?\d{1,4}$/.test(raw.trim())) return 0;
  const n = Number.parseInt(raw, 10);
  return Math.abs(n) <= 14 * 60 ? n : 0;
}

function parseFingerprint(raw: unknown): string {
  if (typeof raw !== 'string') return 'unknown';
  const v = raw.trim();
  return /^[\w.:-]{1,128}$/.test(v) ? v : 'unknown';
}

interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Turns one zod issue into a localised per-field message. */
/** The size messages that carry their bound ({min}/{max}); any other catalogue key a bound names is its own text. */
const BOUND_MESSAGES: ReadonlySet<string> = new Set([
  'required',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'notInteger',
]);

function isOwnBoundMessage(message: string): boolean {
  return Object.hasOwn(FIELD_MESSAGES, message) && !BOUND_MESSAGES.has(message);
}

export function localiseIssue(issue: ZodIssueLike, locale: Locale): string {
  const p = issue.params;
  const origin = p.origin as string | undefined;
  switch (issue.keyword) {
    case 'invalid_type':
      // A value of the wrong kind (zod names it, e.g. NaN from 'abc' for a number): the schema's own message, if any.
      if (p.received !== undefined && p.received !== 'undefined' && p.received !== 'null') {
        return Object.hasOwn(FIELD_MESSAGES, issue.message)
          ? fieldMessage(issue.message as FieldMessageKey, locale)
          : fieldMessage('invalid', locale);
      }
      return /received undefined|received null/.test(issue.message) || p.input === undefined
        ? fieldMessage('required', locale)
        : fieldMessage('invalid', locale);
    case 'too_small':
      // A contract bound may name its own message (e.g. `priceTooLow`, `auctionTooShort`); the
      // generic size messages below carry the bound itself.
      if (isOwnBoundMessage(issue.message)) return fieldMessage(issue.message as FieldMessageKey, locale);
      if (origin === 'string')
        return Number(p.minimum) <= 1
          ? fieldMessage('required', locale)
          : fieldMessage('tooShort', locale, { min: Number(p.minimum) });
      return fieldMessage('tooSmall', locale, { min: Number(p.minimum) });
    case 'too_big':
      if (isOwnBoundMessage(issue.message)) return fieldMessage(issue.message as FieldMessageKey, locale);
      return origin === 'string'
        ? fieldMessage('tooLong', locale, { max: Number(p.maximum) })
        : fieldMessage('tooBig', locale, { max: Number(p.maximum) });
    case 'invalid_format':
      // A contract regex may name its own message (e.g. `bankAccountInvalid`).
      if (Object.hasOwn(FIELD_MESSAGES, issue.message)) return fieldMessage(issue.message as FieldMessageKey, locale);
      return p.format === 'email' ? fieldMessage('email', locale) : fieldMessage('invalid', locale);
    case 'invalid_value':
      return fieldMessage('choice', locale);
    case 'unrecognized_keys':
      return fieldMessage('unknownKey', locale);
    default:
      if (Object.hasOwn(FIELD_MESSAGES, issue.message)) return fieldMessage(issue.message as FieldMessageKey, locale);
      if (p.expected === 'int' || p.format === 'safeint') return fieldMessage('notInteger', locale);
      return fieldMessage('invalid', locale);
  }
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  options: { status?: number; data?: unknown } = {},
) {
  const locale = request.locale ?? resolveLocale(request.headers['accept-language']);
  const status = options.status ?? ERROR_CATALOGUE[code].status;
  return reply.status(status).send({
    code,
    message: ERROR_CATALOGUE[code][locale],
    data: options.data ?? null,
    traceId: request.id,
  });
}

function classify(error: FastifyError): { code: ErrorCode; status: number } | null {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413)
    return { code: 'Request.PayloadTooLarge', status: 413 };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
    return { code: 'Request.UnsupportedMediaType', status: 415 };
  if (status === 429) return { code: 'Request.TooManyRequests', status: 429 };
  if (status === 404) return { code: 'Request.NotFound', status: 404 };
  if (status === 405) return { code: 'Request.MethodNotAllowed', status: 405 };
  if (status >= 400 && status < 500) return { code: 'Request.Invalid', status: 400 };
  return null;
}

/**
 * The envelope and error handler (DESIGN.md §3): trace ids on every response and log line,
 * request locale / time-zone offset / device fingerprint, localised errors, no stack traces or
 * SQL to clients, 404 `Request.NotFound` for unknown /api paths.
 */
export const envelopePlugin = fp(
  async (app: FastifyInstance, opts: { notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown }) => {
    app.decorateRequest('locale', 'en-US');
    app.decorateRequest('timezoneOffsetMinutes', 0);
    app.decorateRequest('deviceFingerprint', 'unknown');

    app.addHook('onRequest', async (request, reply) => {
      request.locale = resolveLocale(request.headers['accept-language']);
      request.timezoneOffsetMinutes = parseOffset(request.headers['accept-timezone-offset']);
      request.deviceFingerprint = parseFingerprint(request.headers['x-device-fingerprint']);
      reply.header('X-Trace-Id', request.id);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if ((!isAppError(error) || error.status >= 500) && isDatabaseUnavailable(error)) {
        // The database is down or restarting (the pool reconnects by itself): the client may retry.
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return sendError(request, reply, 'Request.Unavailable', {
          data: { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
        });
      }
      if (isAppError(error)) {
        if (error.status >= 500) request.log.error({ err: error }, 'business error');
        return sendError(request, reply, error.code, { status: error.status, data: error.data });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation as unknown as ZodIssueLike[]) {
          const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          fields[key] ??= localiseIssue(issue, request.locale);
        }
        return sendError(request, reply, 'Request.Invalid', { data: { fields } });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return sendError(request, reply, 'Request.Unexpected');
      }
      const known = classify(error);
      if (known) {
        request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
        return sendError(request, reply, known.code, { status: known.status });
      }
      request.log.error({ err: error }, 'unexpected error');
      return sendError(request, reply, 'Request.Unexpected', { status: 500 });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path === '/api' || path.startsWith('/api/') || !opts.notFound) {
        return sendError(request, reply, 'Request.NotFound');
      }
      return opts.notFound(request, reply);
    });
  },
  { name: 'envelope' },
);

export { AppError };
