import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { cartItems, listings } from '../../db/schema/index.ts';
import type { ListingRow } from '../listings/listings.service.ts';

/** The only file with SQL for cart_items (the buyer's cart; reads the listings it holds). */

export type CartItemRow = typeof cartItems.$inferSelect;

/** A cart line with its listing as it is now. */
export interface CartLineRow {
  item: CartItemRow;
  listing: ListingRow;
}

/** Serialises changes to one user's cart (the limit holds under concurrent adds). */
export async function lockCart(tx: Tx, userId: bigint): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);
}

/** The user's cart lines, newest first, each with its listing. */
export async function listCartLines(db: DbOrTx, userId: bigint): Promise<CartLineRow[]> {
  return db
    .select({ item: cartItems, listing: listings })
    .from(cartItems)
    .innerJoin(listings, eq(listings.id, cartItems.listingId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.listingId));
}

/** The user's lines among `listingIds`. */
export async function findCartItems(db: DbOrTx, userId: bigint, listingIds: readonly bigint[]): Promise<CartItemRow[]> {
  if (listingIds.length === 0) return [];
  return db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.listingId, [...listingIds])));
}

export async function countCartItems(db: DbOrTx, userId: bigint): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return Number(row?.n ?? 0);
}

/** Adds the line, or sets its confirmed price when it is there already (its place in the cart stays). */
export async function upsertCartItem(
  db: DbOrTx,
  input: { userId: bigint; listingId: bigint; priceCents: number; now: Date },
): Promise<void> {
  await db
    .insert(cartItems)
    .values({
      userId: input.userId,
      listingId: input.listingId,
      priceCents: input.priceCents,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.listingId],
      set: { priceCents: input.priceCents, updatedAt: input.now },
    });
}

/** Removes the user's lines among `listingIds`; returns how many were there. */
export async function deleteCartItems(db: DbOrTx, userId: bigint, listingIds: readonly bigint[]): Promise<number> {
  if (listingIds.length === 0) return 0;
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.listingId, [...listingIds])))
    .returning({ listingId: cartItems.listingId });
  return rows.length;
}
