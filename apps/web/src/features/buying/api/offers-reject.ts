import type { Offer } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { OFFERS_PATH } from './offers-list.ts';

/**
 * POST /api/offers/:offerId/reject → the offer, now rejected: the seller rejects an offer, the buyer rejects a
 * counter-offer or withdraws their own open offer.
 */
export function rejectOffer(offerId: string): Promise<Offer> {
  return api.post<Offer>(`${OFFERS_PATH}/${encodeURIComponent(offerId)}/reject`, undefined, { errorMode: 'message' });
}
