import type { Listing, ListingUpdate } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { editListingKeys, listingPath } from './get-listing.ts';
import { setQuickListing } from './quick-listing.ts';

/**
 * POST /api/listings/:listingId: edit prices, the end option, the presentation, or take off the shelf / list
 * again (`action`) → the listing. Errors are left to the form that sent it (silent): shown in place.
 */
export function updateListing(input: { listingId: string; body: ListingUpdate }): Promise<Listing> {
  return api.post<Listing>(listingPath(input.listingId), input.body, { errorMode: 'silent' });
}

/** Saves, puts the answer in the detail's cache at once, then reloads the seller centre's lists. */
export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSuccess: (listing) => {
      queryClient.setQueryData(editListingKeys.detail(listing.listingId), listing);
      return queryClient.invalidateQueries({ queryKey: editListingKeys.all });
    },
  });
}

/** The quick switch (POST /api/listings/:listingId/quick through the seller centre's call): the answer replaces the cached listing. */
export function useQuickSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { listingId: string; listed: boolean }) => setQuickListing(input.listingId, input.listed),
    onSuccess: (listing) => {
      queryClient.setQueryData(editListingKeys.detail(listing.listingId), listing);
      return queryClient.invalidateQueries({ queryKey: editListingKeys.all });
    },
  });
}
