import {
  DOMAIN_SORTS,
  DOMAIN_STATUSES,
  type DomainSort,
  type DomainStatus,
  isRowIdText,
  LOCK_STATUSES,
  type LockStatus,
  type MyDomainsQuery,
  TLD_PRICES,
} from '@namebourse/contract';

export const DOMAINS_PAGE_SIZE = 20;
export const DEFAULT_DOMAIN_SORT: DomainSort = 'acquired_desc';
/** The 'expiring within' choices of the filter (days); the address may hold any other whole number 0–3650. */
export const EXPIRING_CHOICES = [7, 30, 60, 90, 180] as const;
/** The TLD choices of the filter: the registrar's price list (the address may name another). */
export const TLD_CHOICES = Object.keys(TLD_PRICES);
/** The group filter's value for domains in no group. */
export const UNGROUPED = 'none';

/** What the list shows, as the address holds it (q, status, tld, group, expiring, lock, sort, page). */
export interface DomainsFilter {
  keyword: string;
  status?: DomainStatus | undefined;
  tld?: string | undefined;
  /** A group id or UNGROUPED. */
  groupId?: string | undefined;
  expiringWithinDays?: number | undefined;
  lock?: LockStatus | undefined;
  sort?: DomainSort | undefined;
  page: number;
}

/** The address parameter of each filter field. */
export const FILTER_PARAMS = {
  keyword: 'q',
  status: 'status',
  tld: 'tld',
  groupId: 'group',
  expiringWithinDays: 'expiring',
  lock: 'lock',
  sort: 'sort',
  page: 'page',
} as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A `page` search parameter as a page number ≥ 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Reads the filter from the address; values the server would refuse are left out. */
export function filterFromParams(params: URLSearchParams): DomainsFilter {
  const tld = (params.get(FILTER_PARAMS.tld) ?? '').trim().toLowerCase().replace(/^\./, '');
  const group = params.get(FILTER_PARAMS.groupId) ?? '';
  const expiringText = params.get(FILTER_PARAMS.expiringWithinDays) ?? '';
  const expiring = expiringText === '' ? Number.NaN : Number(expiringText);
  const sort = oneOf(DOMAIN_SORTS, params.get(FILTER_PARAMS.sort));
  return {
    keyword: (params.get(FILTER_PARAMS.keyword) ?? '').trim(),
    status: oneOf(DOMAIN_STATUSES, params.get(FILTER_PARAMS.status)),
    tld: /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})?$/.test(tld) ? tld : undefined,
    groupId: group === 'none' || isRowIdText(group) ? group : undefined,
    expiringWithinDays: Number.isInteger(expiring) && expiring >= 0 && expiring <= 3650 ? expiring : undefined,
    lock: oneOf(LOCK_STATUSES, params.get(FILTER_PARAMS.lock)),
    sort: sort === DEFAULT_DOMAIN_SORT ? undefined : sort,
    page: parsePage(params.get(FILTER_PARAMS.page)),
  };
}

/** Whether any filter besides the page and sort is set (the empty state then offers 'show all'). */
/** How many of the selectable filters (not the keyword) narrow or reorder the list: the phone's Filters button counts them. */
export function activeFilterCount(filter: DomainsFilter): number {
  return [
    filter.status,
    filter.tld,
    filter.groupId,
    filter.expiringWithinDays,
    filter.lock,
    filter.sort && filter.sort !== DEFAULT_DOMAIN_SORT ? filter.sort : undefined,
  ].filter((v) => v !== undefined && v !== '').length;
}

export function isFiltered(filter: DomainsFilter): boolean {
  return Boolean(
    filter.keyword ||
      filter.status ||
      filter.tld ||
      filter.groupId ||
      filter.expiringWithinDays !== undefined ||
      filter.lock,
  );
}

/** The address patch that clears every filter (keeps the sort). */
export const CLEAR_FILTERS = {
  q: null,
  status: null,
  tld: null,
  group: null,
  expiring: null,
  lock: null,
  page: null,
} as const;

/** The query of GET /api/domains: only the set fields (a trimmed keyword), the sort when not the default, the page and its size. */
export function domainsQuery(filter: DomainsFilter): Partial<MyDomainsQuery> {
  const keyword = filter.keyword.trim();
  return {
    ...(keyword ? { keyword } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.tld ? { tld: filter.tld } : {}),
    ...(filter.groupId ? { groupId: filter.groupId } : {}),
    ...(filter.expiringWithinDays !== undefined ? { expiringWithinDays: filter.expiringWithinDays } : {}),
    ...(filter.lock ? { lock: filter.lock } : {}),
    ...(filter.sort && filter.sort !== DEFAULT_DOMAIN_SORT ? { sort: filter.sort } : {}),
    page: filter.page,
    pageSize: DOMAINS_PAGE_SIZE,
  };
}

export type ChipColor = 'success' | 'warning' | 'info' | 'error' | 'default';

export const STATUS_COLOR: Record<DomainStatus, ChipColor> = {
  normal: 'success',
  renewable: 'warning',
  renewing: 'info',
  in_redemption: 'error',
  pending_activation: 'info',
  transferring_out: 'info',
  non_renewable: 'default',
  delivery_failed: 'error',
};

export const LOCK_COLOR: Record<LockStatus, ChipColor> = {
  open: 'warning',
  opening: 'info',
  closing: 'info',
  closed: 'success',
};
