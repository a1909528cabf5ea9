import type { AdminLot } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallOptions } from '../../../lib/api-client.ts';
import { ADMIN_AUCTIONS_PATH } from './get-auctions.ts';
import { adminKeys } from './keys.ts';

export interface AddLotsResult {
  created: { auctionId: string; domain: string }[];
}

/**
 * POST /api/admin/auctions { lots } (admin; all or nothing per call) → { created }. Request.Invalid carries fields
 * `lots.<index>.<field>`; Auction.LotExists (409) a domain already open or twice in the batch.
 */
export function addLots(lots: AdminLot[], options: CallOptions = {}): Promise<AddLotsResult> {
  return api.post<AddLotsResult>(ADMIN_AUCTIONS_PATH, { lots }, options);
}

/** One lot from the form: errors are shown in the form, not as a toast. */
export function useAddLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lot: AdminLot) => addLots([lot], { errorMode: 'silent' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auctions() }),
  });
}
