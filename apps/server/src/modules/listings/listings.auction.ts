import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { ListingRow } from './listings.service.ts';

/**
 * Seller auctions (lead, issue 16): when an auction listing is approved, a lot opens in the auction
 * engine with the seller, start price, reserve and duration. Returns the lot's id.
 */
export async function startSellerAuction(_app: App, _tx: Tx, _listing: ListingRow, _now: Date): Promise<bigint> {
  throw new Error('not yet');
}
