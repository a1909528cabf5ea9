import type { ApiErrorKind } from '../../../lib/api-client';

/** A random key for the Idempotency-Key header. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  return `nb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export interface Attempt {
  /** The request body the key was made for (JSON). */
  body: string;
  key: string;
}

/**
 * The attempt for submitting `body`: the same key while the body is unchanged (a double click or a retry after
 * an answer that never arrived is one top-up), a new key for a different body.
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
