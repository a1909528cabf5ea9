import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/** Success code of the envelope (spec §8): the string '200'. */
export const SUCCESS_CODE = '200';

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
  traceId?: string;
}

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

export interface ErrorEnvelope<D = unknown> {
  code: ErrorCode | string;
  message: string;
  data: D | null;
  traceId: string;
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
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
