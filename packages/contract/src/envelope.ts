import { z } from 'zod';

export * from './envelope.values.ts';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.string(),
    message: z.string(),
    data,
    traceId: z.string().optional(),
  });
}

/** `data` of a `Request.Invalid` error: per-field messages keyed by dotted path. */
export const FieldErrorsSchema = z.object({
  fields: z.record(z.string(), z.string()),
});
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

/** `data` of `Verification.TooManyRequests`. */
export const RetryAfterSchema = z.object({ retryAfterSeconds: z.number().int().nonnegative() });
export type RetryAfter = z.infer<typeof RetryAfterSchema>;

/** The largest id a database row can have (PostgreSQL bigint). */
const MAX_ROW_ID = 9_223_372_036_854_775_807n;

/**
 * A database row's id as it travels in paths, queries and bodies: digits that fit a bigint (a longer
 * or larger one would make the database refuse the query, a 500 instead of the user's field error).
 */
export function rowIdSchema(message: 'choice' | 'invalid' = 'choice') {
  return (
    z
      .string()
      .regex(/^\d{1,19}$/, message)
      // zod runs every check: the bound reads only what the pattern let through (BigInt('1.5') throws).
      .refine((value) => !/^\d{1,19}$/.test(value) || BigInt(value) <= MAX_ROW_ID, message)
  );
}

/** Paging (API.md conventions): page from 1, pageSize ≤ 100. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
