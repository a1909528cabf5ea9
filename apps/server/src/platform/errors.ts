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
