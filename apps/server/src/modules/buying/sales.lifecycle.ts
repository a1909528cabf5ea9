import { commissionRateAt } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import { onSellerLotCommissions } from '../auctions/auctions.seller.ts';
import { type ListingRow, SELLER_LINK, transitionListing } from '../listings/listings.service.ts';
import { notify } from '../messages/messages.service.ts';
import { type OrderRow, onSellerOrder, saleSplit } from '../orders/orders.service.ts';
import { findListingRow, lockListingRows } from './buying.repository.ts';
import { closeOffersOfListing } from './offers.service.ts';

/**
 * The seller's side of an order's life (issue 17), inside the transactions that change the order:
 * - paid (payOrder, through the orders area's hook): the seller is told; a domain held elsewhere
 *   with the deadline to push it by;
 * - settled (the delivery paths call sellerOrderSettled): completed → the listing sold, its other
 *   offers closed, the seller told the price, commission and net credited; not completed
 *   (refunded, not delivered in time, the seller unable to deliver) → the listing expired (the
 *   seller can list it again), the seller told why;
 * - lapsed (the unpaid sweep, through the hook): the buyer's violation puts the listing back on
 *   sale, the seller is told.
 * A seller lot's listing follows its lot (listings.auction.ts): here only its messages. Every
 * listing move goes through transitionListing from 'selling', and only for the listing's own
 * order, so a repeat or a listing already elsewhere changes nothing.
 */

/** How a seller's order ended. */
export type SellerOrderSettlement =
  | { completed: true }
  | { completed: false; reason: 'refunded' | 'not_delivered' | 'seller_unavailable' };

const SALES_LINK = `${SELLER_LINK}/sales`;

/** The order's listing when it is still 'selling' for this very order (locked), else undefined. */
async function sellingListingOf(tx: Tx, order: OrderRow): Promise<ListingRow | undefined> {
  if (order.listingId === null || order.source === 'auction') return undefined;
  const listing = await findListingRow(tx, order.listingId, { forUpdate: true });
  if (listing?.status !== 'selling' || listing.orderId !== order.id) return undefined;
  return listing;
}

/** The params every sale message carries. */
function saleParams(order: OrderRow): Record<string, string | number> {
  return {
    orderId: order.id,
    ...(order.listingId !== null ? { listingId: order.listingId.toString() } : {}),
    domain: order.domain,
    priceCents: order.amountExTaxCents,
  };
}

/** A seller's order was paid: the seller is told (with the push deadline for a domain held elsewhere). */
export async function onSellerOrderPaid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.sellerId === null) return;
  const deliverBy = order.delivery === 'seller_push' && order.deliverAt ? order.deliverAt.toISOString() : null;
  await notify(tx, {
    userId: order.sellerId,
    kind: 'sale_paid',
    params: { ...saleParams(order), ...(deliverBy ? { deliverBy } : {}) },
    link: SALES_LINK,
    dedupeKey: `order:${order.id}:sale-paid`,
    now,
  });
}

/**
 * A seller's order ended (inside the transaction that completed or refunded it). Completed: the
 * listing selling → sold (soldAt), its open offers closed, 'sale_completed' with the price, the
 * commission and the net. Not completed: the listing selling → expired, 'sale_cancelled' with the
 * reason. A seller lot's listing is moved by the lot's hooks; its seller gets the same messages.
 */
export async function sellerOrderSettled(
  tx: Tx,
  order: OrderRow,
  outcome: SellerOrderSettlement,
  now: Date,
): Promise<void> {
  if (order.sellerId === null) return;
  const listing = await sellingListingOf(tx, order);
  if (outcome.completed) {
    if (listing) {
      await transitionListing(tx, listing, 'sold', {
        now,
        actor: 'system',
        action: 'sold',
        set: { soldAt: now },
      });
    }
    if (order.listingId !== null) await closeOffersOfListing(tx, order.listingId, 'sold', now);
    const { commissionCents, netCents } = saleSplit(order);
    await notify(tx, {
      userId: order.sellerId,
      kind: 'sale_completed',
      params: { ...saleParams(order), commissionCents, netCents },
      link: SALES_LINK,
      dedupeKey: `order:${order.id}:sale-completed`,
      now,
    });
    return;
  }
  if (listing) {
    await transitionListing(tx, listing, 'expired', {
      now,
      actor: 'system',
      action: 'sale_cancelled',
      reason: outcome.reason,
    });
  }
  await cancelled(tx, order, outcome.reason, now);
}

/** A seller's fixed-price or offer order left unpaid: the listing back on sale, the seller told. */
export async function sellerOrderLapsed(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.sellerId === null) return;
  const listing = await sellingListingOf(tx, order);
  if (listing) {
    await transitionListing(tx, listing, 'on_sale', {
      now,
      actor: 'system',
      action: 'order_lapsed',
      reason: 'unpaid',
      set: { orderId: null },
    });
  }
  await cancelled(tx, order, 'unpaid', now);
}

async function cancelled(tx: Tx, order: OrderRow, reason: string, now: Date): Promise<void> {
  await notify(tx, {
    userId: order.sellerId as bigint,
    kind: 'sale_cancelled',
    params: { ...saleParams(order), reason },
    link: SALES_LINK,
    dedupeKey: `order:${order.id}:sale-cancelled`,
    now,
  });
}

let registered = false;

/**
 * Registers the seller's side with the orders area (paid, lapsed) and the auctions area (a seller
 * lot's commission rate: its listing's fee lock). Once per process: the hooks use only the
 * transaction they are given.
 */
export function registerSalesLifecycle(): void {
  if (registered) return;
  registered = true;
  onSellerOrder({ paid: onSellerOrderPaid, lapsed: sellerOrderLapsed });
  onSellerLotCommissions(async (tx, lots, now, currentBps) => {
    const ids = lots.map((lot) => lot.listingId).filter((id): id is bigint => id !== null);
    const listings = await lockListingRows(tx, ids);
    const rates = new Map<bigint, number>();
    for (const lot of lots) {
      const listing = lot.listingId === null ? undefined : listings.get(lot.listingId.toString());
      if (listing) rates.set(lot.id, commissionRateAt(listing, now, currentBps));
    }
    return rates;
  });
}
