import type { AuctionSummary, Page } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ReceivedAuction } from './get-auction.ts';
import { auctionKeys } from './keys.ts';

export const WATCHLIST_PATH = '/watchlist';

/** POST /api/watchlist { auctionId }. */
export function addWatch(auctionId: string): Promise<unknown> {
  return api.post(WATCHLIST_PATH, { auctionId });
}

/** DELETE /api/watchlist/:auctionId. */
export function removeWatch(auctionId: string): Promise<unknown> {
  return api.delete(`${WATCHLIST_PATH}/${encodeURIComponent(auctionId)}`);
}

type Snapshot = [readonly unknown[], unknown][];

/** Star / unstar a lot with an optimistic update of every list and the lot page; rolled back on failure. */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ auctionId, watch }: { auctionId: string; watch: boolean }) =>
      watch ? addWatch(auctionId) : removeWatch(auctionId),
    onMutate: async ({ auctionId, watch }) => {
      await queryClient.cancelQueries({ queryKey: auctionKeys.lists() });
      await queryClient.cancelQueries({ queryKey: auctionKeys.detail(auctionId) });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: auctionKeys.lists() }),
        ...queryClient.getQueriesData({ queryKey: auctionKeys.detail(auctionId) }),
      ];
      queryClient.setQueriesData<Page<AuctionSummary>>({ queryKey: auctionKeys.lists() }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) => (item.auctionId === auctionId ? { ...item, isWatched: watch } : item)),
            }
          : page,
      );
      queryClient.setQueryData<ReceivedAuction>(auctionKeys.detail(auctionId), (lot) =>
        lot ? { ...lot, isWatched: watch } : lot,
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['watchlist'] }),
  });
}
