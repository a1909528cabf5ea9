import { z } from 'zod';

/**
 * Dates and times in requests (filters, lots, exports): one shape check and one calendar check for
 * every schema, so `2026-13-45` and `2026-02-30` are refused as `dateInvalid` instead of throwing
 * later or rolling over to March. Years are bounded to what a marketplace means (and what every
 * `Date` ± a day and PostgreSQL read back unchanged).
 */
export const DATE_LIMITS = { minYear: 1900, maxYear: 2999 } as const;

const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?`;
const OFFSET = String.raw`(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)`;

const DATE_RE = new RegExp(`^${DATE}$`);
const DATE_OR_TIME_RE = new RegExp(`^${DATE}(?:T${TIME}${OFFSET}?)?$`);
const DATE_TIME_RE = new RegExp(`^${DATE}T${TIME}${OFFSET}$`);

/** Whether year-month-day is a day of the Gregorian calendar within DATE_LIMITS. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < DATE_LIMITS.minYear || year > DATE_LIMITS.maxYear) return false;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}

/** Whether the value starts with a real calendar date (`YYYY-MM-DD…`). */
function startsWithCalendarDate(value: string): boolean {
  return isCalendarDate(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10)));
}

function dateSchema(shape: RegExp) {
  return z
    .string()
    .regex(shape, { message: 'dateInvalid' })
    .refine((value) => !shape.test(value) || startsWithCalendarDate(value), { message: 'dateInvalid' });
}

/** `YYYY-MM-DD`, a real calendar day. */
export const IsoDateSchema = dateSchema(DATE_RE);

/**
 * `YYYY-MM-DD`, or that day with a time (`THH:MM`, optional seconds and fraction) and an optional
 * offset (`Z`, `+08:00`); the reader decides the zone of a time without one.
 */
export const IsoDateOrTimeSchema = dateSchema(DATE_OR_TIME_RE);

/** A date and time with its offset: `2026-01-05T10:00:00+08:00`, `2026-01-05T02:00Z`. */
export const IsoDateTimeSchema = dateSchema(DATE_TIME_RE);

/** Whether a string is a real `YYYY-MM-DD` day (for parsers outside zod, e.g. CSV). */
export function isIsoDate(value: string): boolean {
  return DATE_RE.test(value) && startsWithCalendarDate(value);
}
