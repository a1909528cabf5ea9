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
