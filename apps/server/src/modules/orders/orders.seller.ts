import type { DbOrTx } from '../../db/open-database.ts';
import type { PageWindow } from '../../platform/paging.ts';
import {
  listCompletedSellerOrders,
  listSellerOrders,
  type SellerOrderFilter,
  type SellerOrderRow,
  type SoldOrderRow,
  summarizeSellerOrders,
  sumSellerOrdersInProgress,
} from './orders.seller.repository.ts';

/**
 * The orders a seller sold, for the seller centre (listings area): any source (seller auctions
 * today, fixed-price and offer orders alike), never-paid ones (voided, expired, buyer violation) left out.
 */

export type { SellerOrderFilter, SellerOrderRow, SoldOrderRow };

/** A page of the seller's sales (newest first), the count and the completed ones of the whole filter. */
export async function getSellerOrders(db: DbOrTx, filter: SellerOrderFilter, window: PageWindow) {
  const [items, summary] = [await listSellerOrders(db, filter, window), await summarizeSellerOrders(db, filter)];
  return { items, ...summary };
}

/** Every completed sale of the seller. */
export function getCompletedSellerOrders(db: DbOrTx, sellerId: bigint): Promise<SoldOrderRow[]> {
  return listCompletedSellerOrders(db, sellerId);
}

/** Sales under way (awaiting payment, paid, delivering): how many and their prices before tax. */
export function getSellerOrdersInProgress(db: DbOrTx, sellerId: bigint) {
  return sumSellerOrdersInProgress(db, sellerId);
}
