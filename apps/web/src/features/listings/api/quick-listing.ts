import type { Listing } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { LISTINGS_PATH } from './get-listings.ts';

/** POST /api/listings/:id/quick { listed } → the listing (listed / paused, no review); errors as a toast by the caller. */
export function setQuickListing(listingId: string, listed: boolean): Promise<Listing> {
  return api.post<Listing>(
    `${LISTINGS_PATH}/${encodeURIComponent(listingId)}/quick`,
    { listed },
    { errorMode: 'silent' },
  );
}
