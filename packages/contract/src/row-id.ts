import { z } from 'zod';

/**
 * Row ids (listings, auctions, domains, offers, chat messages, …) are PostgreSQL `bigint`s and travel as
 * decimal strings. A digits-only check is not enough: '9223372036854775808' has 19 digits and passes
 * /^\d{1,19}$/, then fails in SQL with "bigint out of range", a 500 where a 4xx was due. Every path,
 * query and body id goes through here.
 */

/** PostgreSQL's bigint maximum (2^63 − 1), the largest row id there can be. */
export const MAX_ROW_ID = '9223372036854775807';

/** A positive decimal integer without a leading zero, of at most as many digits as MAX_ROW_ID. */
const ROW_ID_SHAPE = /^[1-9]\d{0,18}$/;

/**
 * Whether a text can name a row: a positive decimal integer without a leading zero, not above
 * MAX_ROW_ID. Compared as text (length, then lexicographically) so it holds without BigInt.
 */
export function isRowIdText(text: string): boolean {
  if (!ROW_ID_SHAPE.test(text)) return false;
  return text.length < MAX_ROW_ID.length || text <= MAX_ROW_ID;
}

/**
 * A row id in a path, query or body: Request.Invalid with the field message `message` (a
 * FIELD_MESSAGES key, 'choice' unless the schema used another) when it is not one. The pattern shows in
 * the OpenAPI document; the upper bound is a refinement with the same message (one issue per field).
 */
export function rowIdText(message: 'choice' | 'invalid' = 'choice') {
  return z
    .string()
    .regex(ROW_ID_SHAPE, message)
    .refine((text) => !ROW_ID_SHAPE.test(text) || isRowIdText(text), message);
}
