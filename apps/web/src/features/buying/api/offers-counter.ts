import type { Offer, OfferRequest } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { OFFERS_PATH } from './offers-list.ts';

/** POST /api/offers/:offerId/counter { amountCents } → the offer, now countered at that amount (the seller's turn ends). */
export function counterOffer(offerId: string, body: OfferRequest): Promise<Offer> {
  return api.post<Offer>(`${OFFERS_PATH}/${encodeURIComponent(offerId)}/counter`, body, { errorMode: 'message' });
}
