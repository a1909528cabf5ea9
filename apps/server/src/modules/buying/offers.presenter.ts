import {
  buyerTotal,
  commissionRateAt,
  type Offer,
  type OfferAction,
  type OfferEvent,
  type OrderStatus,
  sellerProceeds,
} from '@namebourse/contract';
import { maskAccountNo } from '../listings/market.presenter.ts';
import type { OrderRates } from '../orders/orders.service.ts';
import type { OfferEventRow, OfferViewRow } from './offers.repository.ts';
import { abilitiesOf, type OfferRole, statusAt } from './offers.rules.ts';

/**
 * An offer as one side sees it (OfferSchema): the other side masked, what the caller may do now,
 * the seller's commission and net and the buyer's tax and total at the amount on the table (at the
 * rates in force: the listing's fee lock, else today's commission; today's tax rate), the
 * history oldest first and the order an accepted offer became.
 */
export function presentOffer(
  view: OfferViewRow,
  events: readonly OfferEventRow[],
  role: OfferRole,
  now: Date,
  rates: OrderRates,
): Offer {
  const { offer, listing } = view;
  const status = statusAt(offer, now);
  const commissionBps = commissionRateAt(listing, now, rates.commissionBps);
  const { commissionCents, netCents } = sellerProceeds(offer.amountCents, commissionBps);
  const { taxCents, totalCents } = buyerTotal(offer.amountCents, rates.taxRateBps);
  return {
    offerId: offer.id.toString(),
    listingId: offer.listingId.toString(),
    domain: offer.domain,
    status,
    role,
    amountCents: offer.amountCents,
    lastBy: offer.lastBy === 'seller' ? 'seller' : 'buyer',
    floorCents: listing.floorCents,
    listingPriceCents: listing.priceCents,
    counterparty: maskAccountNo(role === 'buyer' ? view.sellerAccountNo : view.buyerAccountNo),
    ...abilitiesOf(role, status, offer, listing),
    commissionBps,
    commissionCents,
    netCents,
    taxCents,
    totalCents,
    expiresAt: offer.expiresAt.toISOString(),
    orderId: offer.orderId,
    orderStatus: (view.orderStatus as OrderStatus | null) ?? null,
    history: events.filter((e) => e.offerId === offer.id).map(presentEvent),
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
  };
}

function presentEvent(row: OfferEventRow): OfferEvent {
  return {
    action: row.action as OfferAction,
    by: row.by === 'buyer' || row.by === 'seller' ? row.by : 'system',
    amountCents: row.amountCents,
    at: row.createdAt.toISOString(),
  };
}
