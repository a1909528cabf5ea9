import type { ListingsPage, ListingsQuery } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const LISTINGS_PATH = '/listings';

/** TanStack Query keys of the seller centre (every listings query sits under `all`). */
export const sellerListingKeys = {
  all: ['listings'] as const,
  lists: () => ['listings', 'seller-list'] as const,
  list: (query: object) => ['listings', 'seller-list', query] as const,
  ownership: (domain: string) => ['listings', 'ownership', domain] as const,
};

/** GET /api/listings?status&mode&q&page&pageSize → the page and the count per status; errors shown in the page. */
export function getListings(query: Partial<ListingsQuery>, signal?: AbortSignal): Promise<ListingsPage> {
  return api.get<ListingsPage>(LISTINGS_PATH, query, { errorMode: 'message', signal });
}

export function useSellerListings(query: Partial<ListingsQuery>) {
  return useQuery({
    queryKey: sellerListingKeys.list(query),
    queryFn: ({ signal }) => getListings(query, signal),
    placeholderData: keepPreviousData,
  });
}
