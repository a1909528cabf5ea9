import type { Page, WatchedListing } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WATCHLIST_ROOT } from '../../../components/buying/api/keys.ts';
import { api } from '../../../lib/api-client.ts';

export const WATCHED_LISTINGS_PAGE_SIZE = 10;

/** Keys under the watchlist's root, which every watch star (lots and listings) refreshes. */
export const watchedListingKeys = {
  all: [...WATCHLIST_ROOT, 'listings'] as const,
  list: (page: number) => [...watchedListingKeys.all, { page, pageSize: WATCHED_LISTINGS_PAGE_SIZE }] as const,
};

/** GET /api/watchlist/listings?page&pageSize → the fixed-price and offer listings I watch, most recent first. */
export function getWatchedListings(page: number, signal?: AbortSignal): Promise<Page<WatchedListing>> {
  return api.get<Page<WatchedListing>>(
    '/watchlist/listings',
    { page, pageSize: WATCHED_LISTINGS_PAGE_SIZE },
    { errorMode: 'message', signal },
  );
}

export function useWatchedListings(page: number, enabled = true) {
  return useQuery({
    queryKey: watchedListingKeys.list(page),
    queryFn: ({ signal }) => getWatchedListings(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
