import { AuditQuerySchema, IsoDateSchema } from '@namebourse/contract';
import { pageParam } from './list-params.ts';
import { zonedWallTime } from './zoned-time.ts';

/** The audit log viewer's filters, in the order they appear in the address. */
export const AUDIT_FILTER_KEYS = ['actor', 'entity', 'entityId', 'action', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

/** The filters as the form and the address hold them: text per field ('' = not set); from/to are local days. */
export type AuditDraft = Record<AuditFilterKey, string>;

export const EMPTY_AUDIT_DRAFT: AuditDraft = { actor: '', entity: '', entityId: '', action: '', from: '', to: '' };

/** Entity types the server records (any other is shown as written; the filter takes any). */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'parameter',
  'payee',
  'settlement',
  'listing',
  'order',
  'auction',
  'recharge',
  'domain',
  'domain_lock',
  'domain_transfer',
  'bank_card',
  'announcement',
  'feedback',
  'support_conversation',
] as const;

/** A code no text names yet, readable: `payment_window_closed` → 'Payment window closed'. */
export function humanCode(code: string): string {
  const words = code.replace(/[_.]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

export const AUDIT_PAGE_SIZE = 25;

/** The request's query: the valid filters (from/to: the operator's local days as times with their offset). */
export interface AuditRequest {
  actor?: string;
  entity?: string;
  entityId?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export interface AuditSearch {
  draft: AuditDraft;
  request: AuditRequest;
  /** Fields left out of the request because their value is not valid, with the contract's message key. */
  errors: Partial<Record<AuditFilterKey, string>>;
  page: number;
}

/** A day's first or last moment in the operator's time zone, as an ISO time (the server compares instants). */
export function localDayBound(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const time = end ? { hour: 23, minute: 59, second: 59, ms: 999 } : { hour: 0, minute: 0, second: 0, ms: 0 };
  return zonedWallTime({ year, month, day: date, ...time }).toISOString();
}

/** Reads the filters and page from the address; bad values are reported and left out of the request. */
export function auditSearchFromParams(params: URLSearchParams): AuditSearch {
  const draft = { ...EMPTY_AUDIT_DRAFT };
  for (const key of AUDIT_FILTER_KEYS) draft[key] = (params.get(key) ?? '').trim();
  const page = pageParam(params.get('page'));
  const errors: AuditSearch['errors'] = {};
  const request: AuditRequest = { page, pageSize: AUDIT_PAGE_SIZE };
  const shape = AuditQuerySchema.shape;
  for (const key of ['actor', 'entity', 'entityId', 'action'] as const) {
    if (!draft[key]) continue;
    const parsed = shape[key].safeParse(draft[key]);
    if (parsed.success && parsed.data) request[key] = parsed.data;
    else errors[key] = 'invalid';
  }
  for (const key of ['from', 'to'] as const) {
    if (!draft[key]) continue;
    if (IsoDateSchema.safeParse(draft[key]).success) request[key] = localDayBound(draft[key], key === 'to');
    else errors[key] = 'dateInvalid';
  }
  if (request.from && request.to && request.from > request.to) {
    errors.to = 'form.rangeInvalid';
    delete request.to;
  }
  return { draft, request, errors, page };
}

/** The address of a draft (empty fields left out) and page. */
export function auditParamsOf(draft: AuditDraft, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = draft[key].trim();
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Whether any filter is set. */
export function hasAuditFilter(draft: AuditDraft): boolean {
  return AUDIT_FILTER_KEYS.some((key) => draft[key] !== '');
}
