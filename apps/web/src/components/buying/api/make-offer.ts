import type { Offer } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { buyingKeys, listingPath } from './keys.ts';

export interface MakeOfferInput {
  listingId: string;
  amountCents: number;
  idempotencyKey: string;
}

/**
 * POST /api/listings/:listingId/offers { amountCents } → the offer. Refusals (below the floor, one already open,
 * own listing) are shown in the dialog; the pipeline still opens the contact-info dialog.
 */
export function makeOffer({ listingId, amountCents, idempotencyKey }: MakeOfferInput): Promise<Offer> {
  return api.post<Offer>(`${listingPath(listingId)}/offers`, { amountCents }, { idempotencyKey, errorMode: 'silent' });
}

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOffer,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buyingKeys.mines() }),
        queryClient.invalidateQueries({ queryKey: buyingKeys.offers() }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.messages }),
      ]),
  });
}
