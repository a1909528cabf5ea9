import type { MarketMine } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { buyingKeys, WATCHLIST_PATH, WATCHLIST_ROOT } from './keys.ts';

/** POST /api/watchlist { listingId }. */
export function watchListing(listingId: string): Promise<unknown> {
  return api.post(WATCHLIST_PATH, { listingId });
}

/** DELETE /api/watchlist/listings/:listingId. */
export function unwatchListing(listingId: string): Promise<unknown> {
  return api.delete(`${WATCHLIST_PATH}/listings/${encodeURIComponent(listingId)}`);
}

/**
 * Star / unstar a listing. With `domain`, the listing page's star flips at once and rolls back if the server
 * refuses; the watchlist is asked again afterwards.
 */
export function useToggleListingWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, watch }: { listingId: string; watch: boolean; domain?: string }) =>
      watch ? watchListing(listingId) : unwatchListing(listingId),
    onMutate: async ({ watch, domain }) => {
      if (!domain) return { previous: undefined };
      const key = buyingKeys.mine(domain);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MarketMine>(key);
      queryClient.setQueryData<MarketMine>(key, (mine) => (mine ? { ...mine, isWatched: watch } : mine));
      return { previous };
    },
    onError: (_error, { domain }, context) => {
      if (domain && context?.previous) queryClient.setQueryData(buyingKeys.mine(domain), context.previous);
    },
    // The buyer's state is asked again too: a star clicked while it was still loading cancelled that load, which
    // left the star (and the cart and offer state) unknown until the next visit.
    onSettled: (_data, _error, { domain }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WATCHLIST_ROOT }),
        domain ? queryClient.invalidateQueries({ queryKey: buyingKeys.mine(domain) }) : null,
      ]),
  });
}
