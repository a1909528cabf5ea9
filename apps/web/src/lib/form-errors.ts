import { FIELD_MESSAGES, type FieldMessageKey, fieldMessage, type Locale } from '@namebourse/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorsOf } from './api-client.ts';

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** A field message: the contract's field-message keys (used as refinement messages) are localised, other text kept. */
export function fieldText(message: string | undefined, locale: Locale): string | undefined {
  if (!message) return message;
  return Object.hasOwn(FIELD_MESSAGES, message) ? fieldMessage(message as FieldMessageKey, locale) : message;
}

export interface IssueMessageOptions {
  /** The message of a value outside an enum: 'Invalid value' (default) or 'Please choose one of the options'. */
  invalidValue?: Extract<FieldMessageKey, 'invalid' | 'choice'>;
}

/** The localised contract field message (FIELD_MESSAGES) for a zod issue on a form validated with a contract schema. */
export function zodIssueMessage(
  issue: z.core.$ZodRawIssue,
  locale: Locale,
  { invalidValue = 'invalid' }: IssueMessageOptions = {},
): string {
  const message = (key: FieldMessageKey, params?: Record<string, string | number>) => fieldMessage(key, locale, params);
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
      return isEmpty(issue.input) ? message('required') : message(invalidValue);
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

/** A zod error map that localises a contract schema's messages (pass as the resolver's / parse's `error` option). */
export function contractErrorMap(locale: Locale, options?: IssueMessageOptions): z.core.$ZodErrorMap {
  return (issue) => zodIssueMessage(issue, locale, options);
}

/**
 * Puts a server's per-field messages (the `data.fields` of Request.Invalid, or of a specific code naming
 * its field) under the form's fields: a path matches the field of that name or below it ('content.length'
 * → content); the first message for a field wins. Returns the first of `known` that got a message (to
 * focus) and the messages that belong to no field of the form.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  known: readonly Path<T>[],
  setError: UseFormSetError<T>,
): { first: Path<T> | null; other: string[] } {
  const byField = new Map<Path<T>, string>();
  const other: string[] = [];
  for (const [path, text] of Object.entries(fieldErrorsOf(error))) {
    const field = known.find((name) => path === name || path.startsWith(`${name}.`));
    if (!field) other.push(text);
    else if (!byField.has(field)) byField.set(field, text);
  }
  let first: Path<T> | null = null;
  for (const field of known) {
    const message = byField.get(field);
    if (message === undefined) continue;
    setError(field, { type: 'server', message });
    first ??= field;
  }
  return { first, other };
}
