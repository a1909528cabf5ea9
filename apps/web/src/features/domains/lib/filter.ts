import type { DomainStatus, LockStatus, MyDomainsQuery } from '@namebourse/contract';

export const DOMAINS_PAGE_SIZE = 20;

export interface DomainsFilter {
  keyword: string;
  page: number;
}

/** The query of GET /api/domains: a trimmed keyword (left out when empty), the page and its size. */
export function domainsQuery(filter: DomainsFilter): Partial<MyDomainsQuery> {
  const keyword = filter.keyword.trim();
  return { ...(keyword ? { keyword } : {}), page: filter.page, pageSize: DOMAINS_PAGE_SIZE };
}

/** A `page` search parameter as a page number ≥ 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
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
  open: 'success',
  opening: 'info',
  closing: 'info',
  closed: 'default',
};
