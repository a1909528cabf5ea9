import type { Listing, ListingCreate } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { LISTINGS_PATH } from './get-listings.ts';

/**
 * POST /api/listings → the new listing (status on_sale or pending_review). Errors are left to the form (silent):
 * Listing.DomainNotHeld / Listing.OwnershipNotVerified open the ownership panel, others show in place.
 */
export function createListing(body: ListingCreate): Promise<Listing> {
  return api.post<Listing>(LISTINGS_PATH, body, { errorMode: 'silent' });
}
