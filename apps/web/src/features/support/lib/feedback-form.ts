import {
  FEEDBACK_LIMITS,
  type FeedbackRequest,
  type FieldMessageKey,
  fieldMessage,
  type Locale,
} from '@namebourse/contract';
import type { z } from 'zod';

export const FEEDBACK_FIELDS = [
  'name',
  'email',
  'category',
  'content',
] as const satisfies readonly (keyof FeedbackRequest)[];
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** The contract's field-message key (and parameters) for a zod issue on the feedback form. */
export function feedbackIssueMessage(issue: z.core.$ZodRawIssue, locale: Locale): string {
  const message = (key: FieldMessageKey, params?: Record<string, string | number>) => fieldMessage(key, locale, params);
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
      return isEmpty(issue.input) ? message('required') : message('invalid');
    case 'too_small':
      return isEmpty(issue.input) || Number(issue.minimum) <= 1
        ? message('required')
        : message('tooShort', { min: Number(issue.minimum) });
    case 'too_big':
      return message('tooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      if (isEmpty(issue.input)) return message('required');
      return issue.format === 'email' ? message('email') : message('invalid');
    default:
      return message('invalid');
  }
}

/** A zod error map that localises the contract schema's messages (pass as the parse `error` option). */
export function feedbackErrorMap(locale: Locale): z.core.$ZodErrorMap {
  return (issue) => feedbackIssueMessage(issue, locale);
}

/** Splits a Request.Invalid `fields` map into messages for the form's fields and any left over. */
export function splitServerFieldErrors(fields: Record<string, string>): {
  byField: Partial<Record<FeedbackField, string>>;
  other: string[];
} {
  const byField: Partial<Record<FeedbackField, string>> = {};
  const other: string[] = [];
  for (const [path, text] of Object.entries(fields)) {
    const field = FEEDBACK_FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && !byField[field]) byField[field] = text;
    else other.push(text);
  }
  return { byField, other };
}

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
