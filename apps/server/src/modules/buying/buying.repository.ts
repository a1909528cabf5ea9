import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { listings } from '../../db/schema/index.ts';
import type { ListingRow } from '../listings/listings.service.ts';

/**
 * Buying's reads of the listings it buys from: one listing (locked for a purchase), or several
 * locked at once in id order (a checkout takes every line's lock before it pays anything, so a
 * checkout never waits for a listing while it holds the escrow account's lock that a buy now of
 * that listing waits for: no deadlock between them). The listings area still owns every write.
 */

/** The listing row, FOR UPDATE when asked (the purchase's lock); undefined when unknown. */
export async function findListingRow(
  db: DbOrTx,
  id: bigint,
  options: { forUpdate?: boolean } = {},
): Promise<ListingRow | undefined> {
  const query = db.select().from(listings).where(eq(listings.id, id)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** Locks the listings among `ids` in id order (one statement) and returns them by id. */
export async function lockListingRows(tx: Tx, ids: readonly bigint[]): Promise<Map<string, ListingRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(listings)
    .where(inArray(listings.id, [...ids]))
    .orderBy(asc(listings.id))
    .for('update');
  return new Map(rows.map((row) => [row.id.toString(), row]));
}
