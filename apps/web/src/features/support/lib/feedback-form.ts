import { FEEDBACK_LIMITS, type FeedbackRequest } from '@namebourse/contract';

export const FEEDBACK_FIELDS = [
  'name',
  'email',
  'category',
  'content',
] as const satisfies readonly (keyof FeedbackRequest)[];
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** Length shown by the message counter: the text as the server will count it (trimmed). */
export function contentLength(content: string | undefined): number {
  return (content ?? '').trim().length;
}

export function isContentTooLong(content: string | undefined): boolean {
  return contentLength(content) > FEEDBACK_LIMITS.contentMax;
}

/** A random key for the Idempotency-Key header. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  return `fb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
