import { ERROR_CATALOGUE, type ErrorCode } from '@namebourse/contract';

/**
 * A business error: a contract code, the HTTP status (the catalogue's by default) and optional
 * data for the client (a challenge, retryAfterSeconds, per-field messages …).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data: unknown;

  constructor(code: ErrorCode, options: { status?: number; data?: unknown; cause?: unknown } = {}) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_CATALOGUE[code].status;
    this.data = options.data ?? null;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** Node socket errors meaning the database could not be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs of a database that is going away or not there: 57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now, 53300 too many connections, and class 08 (connection exception).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** Driver messages without a code: pg's pool and client, PGlite after close. */
const UNREACHABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Whether an error (or one of its causes, e.g. under drizzle's DrizzleQueryError) means the database
 * is unreachable or shutting down rather than that the request was wrong: answered 503.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 4 || err === null || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || isUnavailableSqlState(e.code))) return true;
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
