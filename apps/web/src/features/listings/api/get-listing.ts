import type { Listing } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The seller's listings under /api. */
export const EDIT_LISTINGS_PATH = '/listings';

/** The path of one listing (or of one of its sub-resources). */
export function listingPath(listingId: string, sub?: string): string {
  const base = `${EDIT_LISTINGS_PATH}/${encodeURIComponent(listingId)}`;
  return sub ? `${base}/${sub}` : base;
}

/** Query keys of the edit page; they sit under ['listings'] so a change anywhere in the seller centre reloads them. */
export const editListingKeys = {
  all: ['listings'] as const,
  detail: (listingId: string) => ['listings', 'detail', listingId] as const,
  calendar: (listingId: string) => ['listings', 'detail', listingId, 'calendar'] as const,
};

/** GET /api/listings/:listingId: the seller's view of one listing; errors (Listing.NotFound…) shown by the page. */
export function getListing(listingId: string, signal?: AbortSignal): Promise<Listing> {
  return api.get<Listing>(listingPath(listingId), undefined, { errorMode: 'message', signal });
}

export function useListing(listingId: string) {
  return useQuery({
    queryKey: editListingKeys.detail(listingId),
    queryFn: ({ signal }) => getListing(listingId, signal),
    retry: false,
  });
}
