import type { Offer } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { OFFERS_PATH } from './offers-list.ts';

/**
 * POST /api/offers/:offerId/accept → the offer, now accepted, with its order (orderId, orderStatus). The seller
 * accepts an open offer, the buyer a counter-offer. Errors (Offer.*) are shown in the confirm dialog.
 */
export function acceptOffer(offerId: string): Promise<Offer> {
  return api.post<Offer>(`${OFFERS_PATH}/${encodeURIComponent(offerId)}/accept`, undefined, { errorMode: 'message' });
}
