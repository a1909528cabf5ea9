import { FIELD_MESSAGES, type FieldMessageKey, fieldMessage, type Locale } from '@namebourse/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** A field message: the contract's field-message keys (used as refinement messages) are localised, other text kept. */
export function fieldText(message: string | undefined, locale: Locale): string | undefined {
  if (!message) return message;
  return Object.hasOwn(FIELD_MESSAGES, message) ? fieldMessage(message as FieldMessageKey, locale) : message;
}

/** The localised message of a zod issue on a profile form (the server's wording for the same rules). */
export function profileIssueMessage(issue: z.core.$ZodRawIssue, locale: Locale): string {
  const message = (key: FieldMessageKey, params?: Record<string, string | number>) => fieldMessage(key, locale, params);
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
      return isEmpty(issue.input) ? message('required') : message('choice');
    case 'too_small':
      return isEmpty(issue.input) || Number(issue.minimum) <= 1
        ? message('required')
        : message('tooShort', { min: Number(issue.minimum) });
    case 'too_big':
      return message('tooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      return isEmpty(issue.input) ? message('required') : message('invalid');
    default:
      return message('invalid');
  }
}

export function profileErrorMap(locale: Locale): z.core.$ZodErrorMap {
  return (issue) => profileIssueMessage(issue, locale);
}

/**
 * Puts a server's per-field messages (Request.Invalid, or a specific code naming its field) under the
 * form's fields; returns the messages that belong to no field of the form, and the first field set.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string>,
  known: readonly Path<T>[],
  setError: UseFormSetError<T>,
): { first: Path<T> | null; other: string[] } {
  let first: Path<T> | null = null;
  const other: string[] = [];
  for (const [path, text] of Object.entries(fields)) {
    const field = known.find((name) => path === name || path.startsWith(`${name}.`));
    if (!field) {
      other.push(text);
      continue;
    }
    setError(field, { type: 'server', message: text });
    first ??= field;
  }
  return { first, other };
}
