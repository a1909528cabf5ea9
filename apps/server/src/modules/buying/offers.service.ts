import type { Offer } from '@namebourse/contract';
import type { DbOrTx, Tx } from '../../db/open-database.ts';

/**
 * Offers and counter-offers (issue 17). The two functions other parts of buying call are declared
 * here first; the offers work fills them in with the rest of the area.
 */

/** The buyer's open or countered offer on a listing, as the buyer sees it, or null. */
export async function findOpenOfferOf(
  _db: DbOrTx,
  _buyerId: bigint,
  _listingId: bigint,
  _now: Date,
): Promise<Offer | null> {
  return null;
}

/**
 * The listing was sold or taken off the market: its open and countered offers are rejected
 * (reason 'sold' or 'withdrawn'), each buyer told. Called inside the transaction that moved the listing.
 */
export async function closeOffersOfListing(
  _tx: Tx,
  _listingId: bigint,
  _reason: 'sold' | 'withdrawn',
  _now: Date,
): Promise<void> {}
