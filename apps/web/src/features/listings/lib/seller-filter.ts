import {
  LISTING_MODES,
  LISTING_STATUSES,
  type ListingMode,
  type ListingStatus,
  type ListingsQuery,
} from '@namebourse/contract';

export const SELLER_PAGE_SIZE = 20;

/** What the seller centre's list shows, as the address holds it (status, mode, q, page). */
export interface SellerFilter {
  status?: ListingStatus | undefined;
  mode?: ListingMode | undefined;
  keyword: string;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Reads the filter from the address; values the server would refuse are left out. */
export function sellerFilterFromParams(params: URLSearchParams): SellerFilter {
  return {
    status: oneOf(LISTING_STATUSES, params.get('status')),
    mode: oneOf(LISTING_MODES, params.get('mode')),
    keyword: (params.get('q') ?? '').trim().slice(0, 253),
    page: parsePage(params.get('page')),
  };
}

/** The query of GET /api/listings: only the set fields, the page and its size. */
export function sellerListingsQuery(filter: SellerFilter): Partial<ListingsQuery> {
  return {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.mode ? { mode: filter.mode } : {}),
    ...(filter.keyword ? { q: filter.keyword } : {}),
    page: filter.page,
    pageSize: SELLER_PAGE_SIZE,
  };
}

export function isSellerFiltered(filter: SellerFilter): boolean {
  return Boolean(filter.status || filter.mode || filter.keyword);
}

/** The count of every listing: the server's `all` when it sends one, else the sum over the statuses. */
export function allCount(counts: Record<string, number> | undefined): number | undefined {
  if (!counts) return undefined;
  if (typeof counts.all === 'number') return counts.all;
  return LISTING_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
}

export type ChipTone = 'success' | 'warning' | 'info' | 'error' | 'default' | 'primary';

export const LISTING_STATUS_TONE: Record<ListingStatus, ChipTone> = {
  pending_review: 'info',
  review_failed: 'error',
  supplement_required: 'warning',
  modification_review: 'info',
  on_sale: 'success',
  off_shelf: 'default',
  selling: 'primary',
  sold: 'default',
  expired: 'default',
};

/** What the row's shelf action is: take it down (open statuses but selling), list again (off shelf, expired), none. */
export function shelfAction(status: ListingStatus): 'take_down' | 'relist' | null {
  if (status === 'off_shelf' || status === 'expired') return 'relist';
  if (status === 'selling' || status === 'sold') return null;
  return 'take_down';
}

/** The quick switch applies to approved listings buyers can see. */
export function hasQuickSwitch(status: ListingStatus): boolean {
  return status === 'on_sale' || status === 'modification_review';
}
