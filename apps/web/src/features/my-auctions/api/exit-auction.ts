import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { myAuctionKeys } from './keys.ts';

/** POST /api/auctions/:auctionId/exit: leave a lot I am not leading; the deposit is released at once. */
export function exitAuction(auctionId: string): Promise<unknown> {
  return api.post<unknown>(`/auctions/${encodeURIComponent(auctionId)}/exit`);
}

export function useExitAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exitAuction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myAuctionKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.funds }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.messages }),
      ]),
  });
}
