import type { DbOrTx } from '../../db/open-database.ts';

/** Watched listings (issue 17): the watchlist page's second half. Declared first; the watchlist work fills it in. */

/** Whether the user watches the listing. */
export async function isListingWatched(_db: DbOrTx, _userId: bigint, _listingId: bigint): Promise<boolean> {
  return false;
}
