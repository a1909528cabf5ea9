import { isFieldErrors } from './answer-guards.ts';

/** The error every call of the request pipeline rejects with, the codes the pipeline acts on, and readers of its data. */

// ---- Codes the pipeline acts on ----

export const API_CODES = {
  unauthorized: 'Account.Unauthorized',
  mfaRequired: 'Account.Mfa.Required',
  mfaRetry: 'Account.Mfa.Required.Retry',
  /** Client-side only: the user closed the MFA dialog. */
  mfaCancelled: 'Account.Mfa.Cancelled',
  tooManyCodeRequests: 'Verification.TooManyRequests',
  contactInfoIncomplete: 'Commodity.UserContactInfoIncomplete',
  /** A payment lacks funds: the recharge prompt (spec §8 'Insufficient balance' with a recharge prompt). */
  insufficientBalance: 'Funds.InsufficientBalance',
  csrfInvalid: 'Csrf.Invalid',
  network: 'Network.Error',
  requestFailed: 'Request.Failed',
  /** Timeout or abort (spec §8: code 500 with an empty message). */
  timeout: '500',
} as const;

/** Errors the pipeline has answered itself (see `isHandledByPipeline`). */
const handledByPipeline = new WeakSet<object>();

/** Records that the pipeline answered this error with its own dialog or redirect (the pipeline only). */
export function markHandledByPipeline<T extends ApiError>(error: T): T {
  handledByPipeline.add(error);
  return error;
}

/**
 * True when the pipeline has already answered this error, so a page shows nothing more: the sign-in redirect
 * (Account.Unauthorized), the contact-info and recharge dialogs (Commodity.UserContactInfoIncomplete,
 * Funds.InsufficientBalance) and the MFA dialog the user closed (Account.Mfa.Cancelled). False when the call
 * took the code over with its own handler, so the page that asked for it shows it.
 */
export function isHandledByPipeline(error: unknown): boolean {
  return isApiError(error) && handledByPipeline.has(error);
}

export type ApiErrorKind = 'envelope' | 'http' | 'invalid' | 'network' | 'timeout' | 'aborted' | 'cancelled';

export interface ApiErrorInit {
  code: string;
  message: string;
  data?: unknown;
  traceId?: string;
  status?: number;
  kind?: ApiErrorKind;
}

export class ApiError extends Error {
  readonly code: string;
  readonly data: unknown;
  readonly traceId?: string;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** From the data of Verification.TooManyRequests (or any error carrying it): seconds to wait. */
  readonly retryAfterSeconds?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.data = init.data ?? null;
    this.traceId = init.traceId;
    this.status = init.status ?? 0;
    this.kind = init.kind ?? 'envelope';
    this.retryAfterSeconds = retryAfterSecondsOf(this.data);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `retryAfterSeconds` of a result or error data, when it is a non-negative number. */
export function retryAfterSecondsOf(value: unknown): number | undefined {
  if (!isRecord(value)) return undefined;
  const seconds = value.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/**
 * What a payment lacks, from the data of Funds.InsufficientBalance: `shortfallCents`, or `requiredCents` minus
 * `availableCents`; null when the server did not say.
 */
export function shortfallCentsOf(data: unknown): number | null {
  if (!isRecord(data)) return null;
  const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
  const shortfall = whole(data.shortfallCents);
  if (shortfall !== null) return shortfall > 0 ? shortfall : null;
  const required = whole(data.requiredCents);
  const available = whole(data.availableCents);
  return required !== null && available !== null && required > available ? required - available : null;
}

/** Per-field messages of a Request.Invalid error (empty when there are none). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return isFieldErrors(error.data) ? error.data.fields : {};
}
