import { commissionRateAt, type PurchaseFailure } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../admin/audit.service.ts';
import { isHeld, type ListingRow, SELLER_LINK, transitionListing } from '../listings/listings.service.ts';
import { notify } from '../messages/messages.service.ts';
import { createOrder, type OrderRates, type OrderRow } from '../orders/orders.service.ts';
import { findListingRow } from './buying.repository.ts';

/**
 * The one way a seller's listing becomes an order (buy now, a cart line, an accepted offer): under
 * the listing's row lock, the checks a buyer's purchase must pass (Commodity.PurchaseFailed with the
 * reason otherwise), the listing → selling through its table, and the order (awaiting payment, 72 h)
 * with the listing, the seller, the commission rate of its fee lock and how the domain will reach
 * the buyer. Two buyers at the same moment: the second waits for the lock and finds it selling.
 * A unique index (one open order per listing) backs the lock.
 */

/** Listing statuses a purchase can start from: on sale (an edit of it may be in review). */
const BUYABLE = new Set(['on_sale', 'modification_review']);

export function purchaseFailed(reason: PurchaseFailure, extra: Record<string, unknown> = {}): AppError {
  return new AppError('Commodity.PurchaseFailed', { data: { reason, ...extra } });
}

/** Why `buyerId` cannot buy `listing` now, or null (pure: the caller holds the row lock). */
export function purchaseRefusal(
  listing: Pick<ListingRow, 'status' | 'paused' | 'userId' | 'mode'>,
  buyerId: bigint,
): PurchaseFailure | null {
  if (listing.userId === buyerId) return 'own_listing';
  if (listing.status === 'sold') return 'sold';
  if (listing.status === 'selling') return 'selling';
  if (!BUYABLE.has(listing.status) || listing.paused || listing.mode === 'auction') return 'unavailable';
  return null;
}

export interface OpenListingOrderInput {
  listingId: bigint;
  buyerId: bigint;
  actor: Actor;
  /** fixed: buy now at the active price; offer: the accepted amount. */
  source: 'fixed' | 'offer';
  /** offer: the offer's id. Fixed-price orders have none (the listing id is on the order). */
  sourceRef?: string | null;
  /**
   * The price before tax. For buy now: absent = the active price; given = the price the buyer saw,
   * refused with reason price_changed (data.priceCents) when the active price is another now.
   */
  priceCents?: number;
  /** The tax rate and today's commission in force (`orderRates(app)`): a listing out of its fee lock pays today's. */
  rates: OrderRates;
  now: Date;
}

/** Locks the listing, checks it, moves it to selling and creates its order (see the file comment). */
export async function openListingOrder(
  tx: Tx,
  input: OpenListingOrderInput,
): Promise<{ order: OrderRow; listing: ListingRow }> {
  const listing = await findListingRow(tx, input.listingId, { forUpdate: true });
  if (!listing) throw purchaseFailed('unavailable');
  const refusal = purchaseRefusal(listing, input.buyerId);
  if (refusal) throw purchaseFailed(refusal);
  let price: number;
  if (input.source === 'fixed') {
    if (listing.priceCents === null) throw purchaseFailed('no_price');
    if (input.priceCents !== undefined && input.priceCents !== listing.priceCents) {
      throw purchaseFailed('price_changed', { priceCents: listing.priceCents });
    }
    price = listing.priceCents;
  } else {
    if (input.priceCents === undefined) throw new Error('openListingOrder: an offer order needs its amount');
    price = input.priceCents;
  }
  const order = await createOrder(tx, {
    buyerId: input.buyerId,
    sellerId: listing.userId,
    source: input.source,
    sourceRef: input.sourceRef ?? null,
    domain: listing.domain,
    amountExTaxCents: price,
    listingId: listing.id,
    commissionBps: commissionRateAt(listing, input.now, input.rates.commissionBps),
    taxRateBps: input.rates.taxRateBps,
    delivery: isHeld(listing) ? 'handover' : 'seller_push',
    actor: input.actor,
    now: input.now,
  });
  const selling = await transitionListing(tx, listing, 'selling', {
    now: input.now,
    actor: input.actor,
    action: input.source === 'offer' ? 'offer_accepted' : 'bought',
    set: { orderId: order.id },
  });
  await notify(tx, {
    userId: listing.userId,
    kind: 'sale_ordered',
    params: { orderId: order.id, listingId: listing.id.toString(), domain: listing.domain, priceCents: price },
    link: `${SELLER_LINK}/sales`,
    dedupeKey: `order:${order.id}:sale-ordered`,
    now: input.now,
  });
  return { order, listing: selling };
}
