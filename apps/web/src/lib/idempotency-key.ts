import { type ApiErrorKind, isApiError } from './api-error.ts';

/**
 * Idempotency-Key values (spec §7): one key per submitted intent, kept while the outcome of a failed call is
 * unknown (the server may have acted: the retry must replay it), dropped after a definite answer.
 */

/** A random UUID: crypto.randomUUID, or getRandomValues where randomUUID is missing (non-secure contexts). */
export function randomUuid(): string | null {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  if (typeof cryptoApi?.getRandomValues !== 'function') return null;
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh key for the Idempotency-Key header (a random UUID; time and Math.random without any crypto). */
export function newIdempotencyKey(): string {
  return randomUuid() ?? `nb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A submitted form and the key it is sent with. */
export interface Attempt {
  /** The request body the key was made for (JSON). */
  body: string;
  key: string;
}

/**
 * The attempt for submitting `body`: the same key while the body is unchanged (a double click or a retry after
 * an answer that never arrived is one request), a new key for a different body.
 */
export function attemptFor(previous: Attempt | null, body: string, makeKey = newIdempotencyKey): Attempt {
  return previous && previous.body === body ? previous : { body, key: makeKey() };
}

/** Failures after which the server may have acted: the next try must reuse the key. */
const UNCERTAIN: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>(['network', 'timeout', 'aborted']);

/** Keep the attempt's key only when the outcome of the failed call is unknown. */
export function keepAttemptAfter(kind: ApiErrorKind | undefined): boolean {
  return kind !== undefined && UNCERTAIN.has(kind);
}

/** The call failed without a definite answer (network, timeout, abort): a retry must reuse its key. */
export function isUncertainFailure(error: unknown): boolean {
  return isApiError(error) && keepAttemptAfter(error.kind);
}
