import type { AuctionDetail, PlaceBidRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { received } from './get-auction.ts';
import { auctionKeys, auctionPath } from './keys.ts';

export interface PlaceBidInput extends PlaceBidRequest {
  auctionId: string;
  idempotencyKey: string;
}

/**
 * POST /api/auctions/:auctionId/bids { amountCents, maxAmountCents? } → the lot after the bid. The page shows
 * refusals inline ('Bid Failed: …'); the pipeline still opens the insufficient-balance and contact-info dialogs.
 */
export function placeBid({ auctionId, idempotencyKey, ...body }: PlaceBidInput): Promise<AuctionDetail> {
  return api.post<AuctionDetail>(`${auctionPath(auctionId)}/bids`, body, { idempotencyKey, errorMode: 'silent' });
}

export function usePlaceBid(auctionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBid,
    onSuccess: (detail) => queryClient.setQueryData(auctionKeys.detail(auctionId), received(detail)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auctionKeys.detail(auctionId) }),
        queryClient.invalidateQueries({ queryKey: auctionKeys.bids(auctionId) }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.funds }),
      ]),
  });
}
