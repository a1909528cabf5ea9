import {
  type DomainTransfer,
  type DomainTransfersQuery,
  TRANSFER_DIRECTIONS,
  TRANSFER_STATUSES,
  type TransferDirection,
  type TransferStatus,
} from '@namebourse/contract';
import type { SearchPatch } from '../../../lib/use-search-patch.ts';

/** The transfer results' filters and page, as they live in the address (`?direction&status&keyword&page`). */
export const TRANSFERS_PAGE_SIZE = 10;
/** How often the results are asked again while a shown transfer is pending (ms). */
export const TRANSFERS_POLL_MS = 5000;

export interface TransfersFilter {
  direction?: TransferDirection;
  status?: TransferStatus;
  keyword: string;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Reads the filters from the address, ignoring values that are not one of the choices. */
export function readTransfersFilter(params: URLSearchParams): TransfersFilter {
  const page = Number(params.get('page'));
  return {
    direction: oneOf(TRANSFER_DIRECTIONS, params.get('direction')),
    status: oneOf(TRANSFER_STATUSES, params.get('status')),
    keyword: (params.get('keyword') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address patch for a change of filter: back to page 1, empty values left out. */
export function transfersFilterPatch(change: Partial<Omit<TransfersFilter, 'page'>>): SearchPatch {
  const patch: SearchPatch = { page: null };
  if ('direction' in change) patch.direction = change.direction ?? null;
  if ('status' in change) patch.status = change.status ?? null;
  if ('keyword' in change) patch.keyword = change.keyword?.trim() || null;
  return patch;
}

/** The query of GET /api/domains/transfers for a filter (empty filters are left out). */
export function transfersQuery(filter: TransfersFilter): Partial<DomainTransfersQuery> {
  return {
    ...(filter.direction ? { direction: filter.direction } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.keyword ? { keyword: filter.keyword } : {}),
    page: filter.page,
    pageSize: TRANSFERS_PAGE_SIZE,
  };
}

/** True when a filter narrows the results. */
export function isFiltered(filter: TransfersFilter): boolean {
  return Boolean(filter.direction || filter.status || filter.keyword);
}

/** Poll while any shown transfer waits for its result (or a cancellation is in flight); false otherwise. */
export function transfersPollInterval(items: readonly Pick<DomainTransfer, 'status'>[] | undefined): number | false {
  return items?.some((item) => item.status === 'pending') ? TRANSFERS_POLL_MS : false;
}
