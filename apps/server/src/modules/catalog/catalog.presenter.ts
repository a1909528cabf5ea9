import type { AuctionFilter, SavedFilter } from '@namebourse/contract';
import type { SavedFilterRow } from './catalog.repository.ts';

/** A saved filter row → the contract type. The filter was parsed by AuctionFilterSchema when saved. */
export function presentSavedFilter(row: SavedFilterRow): SavedFilter {
  return {
    id: String(row.id),
    name: row.name,
    filter: row.filter as AuctionFilter,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
