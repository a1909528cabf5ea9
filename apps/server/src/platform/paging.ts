import type { Page, PageQuery } from '@namebourse/contract';

/** The rows a page covers, as repositories take them. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** Page n (from 1) of pageSize rows → the rows to read. */
export function windowOf(query: PageQuery): PageWindow {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** A repository's answer for a window: its rows and how many there are in all. */
export interface Slice<R> {
  items: R[];
  total: number;
}

/** The page result (API.md: items, total, page, pageSize) of a slice, each row presented. */
export function pageOf<T>(query: PageQuery, slice: Slice<T>): Page<T>;
export function pageOf<R, T>(query: PageQuery, slice: Slice<R>, present: (row: R) => T): Page<T>;
export function pageOf<R, T>(query: PageQuery, slice: Slice<R>, present?: (row: R) => T): Page<T | R> {
  const items = present ? slice.items.map(present) : slice.items;
  return { items, total: slice.total, page: query.page, pageSize: query.pageSize };
}
