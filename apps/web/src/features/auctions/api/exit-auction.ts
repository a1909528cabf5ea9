import type { AuctionDetail } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { received } from './get-auction.ts';
import { auctionKeys, auctionPath } from './keys.ts';

/** POST /api/auctions/:auctionId/exit: leave a lot I am not leading; the deposit is released. */
export function exitAuction(auctionId: string): Promise<AuctionDetail | null> {
  return api.post<AuctionDetail | null>(`${auctionPath(auctionId)}/exit`, undefined, {
    idempotencyKey: newIdempotencyKey(),
  });
}

export function useExitAuction(auctionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => exitAuction(auctionId),
    onSuccess: (detail) => {
      if (detail && typeof detail === 'object' && 'auctionId' in detail)
        queryClient.setQueryData(auctionKeys.detail(auctionId), received(detail));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auctionKeys.detail(auctionId) }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.funds }),
      ]),
  });
}
