import type { Listing } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { LISTINGS_PATH } from './get-listings.ts';

export type ListingStatusAction = 'take_down' | 'relist';

/** POST /api/listings/:id { action: take_down | relist } → the listing; errors shown in the confirm dialog. */
export function changeListingStatus(listingId: string, action: ListingStatusAction): Promise<Listing> {
  return api.post<Listing>(`${LISTINGS_PATH}/${encodeURIComponent(listingId)}`, { action }, { errorMode: 'silent' });
}
