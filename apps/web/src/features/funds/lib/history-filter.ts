import {
  TRANSACTION_TYPES,
  type TransactionsQuery,
  type TransactionType,
  USER_BUCKETS,
  type UserBucket,
} from '@namebourse/contract';
import { z } from 'zod';

/** Rows per page of the transaction history. */
export const HISTORY_PAGE_SIZE = 20;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (what a date input gives). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const optionalDate = z.string().refine((value) => value === '' || isIsoDate(value), { message: 'invalid' });

/**
 * The history filter as the form holds it ('' = any). Messages are contract field-message keys;
 * a 'to' before 'from' is 'Invalid range: max must be ≥ min' under the 'to' field, as the server says.
 */
export const historyFilterSchema = z
  .object({
    type: z.union([z.enum(TRANSACTION_TYPES), z.literal('')]),
    bucket: z.union([z.enum(USER_BUCKETS), z.literal('')]),
    from: optionalDate,
    to: optionalDate,
  })
  .refine((f) => !f.from || !f.to || !isIsoDate(f.from) || !isIsoDate(f.to) || f.from <= f.to, {
    path: ['to'],
    message: 'rangeInvalid',
  });

export interface HistoryFilter {
  type: TransactionType | '';
  bucket: UserBucket | '';
  from: string;
  to: string;
}

export const EMPTY_FILTER: HistoryFilter = { type: '', bucket: '', from: '', to: '' };

export function isFilterEmpty(filter: HistoryFilter): boolean {
  return !filter.type && !filter.bucket && !filter.from && !filter.to;
}

export type HistoryQuery = Omit<Partial<TransactionsQuery>, 'format'>;

/** The GET /funds/transactions query of a filter and page ('' fields left out). */
export function transactionsQuery(filter: HistoryFilter, page: number, pageSize = HISTORY_PAGE_SIZE): HistoryQuery {
  return {
    type: filter.type || undefined,
    bucket: filter.bucket || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    page,
    pageSize,
  };
}

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** The filter kept in the address (?type&bucket&from&to); anything invalid is dropped. */
export function filterFromParams(params: URLSearchParams): HistoryFilter {
  const parsed: HistoryFilter = {
    type: pick(params.get('type'), TRANSACTION_TYPES),
    bucket: pick(params.get('bucket'), USER_BUCKETS),
    from: isIsoDate(params.get('from') ?? '') ? (params.get('from') as string) : '',
    to: isIsoDate(params.get('to') ?? '') ? (params.get('to') as string) : '',
  };
  if (parsed.from && parsed.to && parsed.from > parsed.to) parsed.to = '';
  return parsed;
}

/** Writes the filter into the address parameters (removing the empty ones), keeping the others. */
export function filterToParams(filter: HistoryFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['type', 'bucket', 'from', 'to'] as const) {
    if (filter[key]) next.set(key, filter[key]);
    else next.delete(key);
  }
  return next;
}
