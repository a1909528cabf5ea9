import { FIELD_MESSAGES, type FieldMessageKey, fieldMessage, type Locale } from '@namebourse/contract';
import type { z } from 'zod';

/** The first problem per field of a failed contract parse, as text in `locale` (`max` fills 'tooLong'). */
export function fieldProblems(
  error: z.ZodError | undefined,
  locale: Locale,
  params: Record<string, string | number> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    if (out[key] !== undefined) continue;
    out[key] = Object.hasOwn(FIELD_MESSAGES, issue.message)
      ? fieldMessage(issue.message as FieldMessageKey, locale, params)
      : issue.message;
  }
  return out;
}
