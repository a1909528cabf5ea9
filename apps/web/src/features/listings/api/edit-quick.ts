import type { Listing } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { editListingKeys, listingPath } from './get-listing.ts';

/** POST /api/listings/:listingId/quick { listed } → the listing (listed / paused, no review); errors shown in place. */
export function setEditQuick(input: { listingId: string; listed: boolean }): Promise<Listing> {
  return api.post<Listing>(listingPath(input.listingId, 'quick'), { listed: input.listed }, { errorMode: 'silent' });
}

export function useEditQuick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEditQuick,
    onSuccess: (listing) => {
      queryClient.setQueryData(editListingKeys.detail(listing.listingId), listing);
      return queryClient.invalidateQueries({ queryKey: editListingKeys.all });
    },
  });
}
