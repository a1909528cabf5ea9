/**
 * Buying from sellers (issue 17; spec §1 buy at a fixed price, make offers, buy in bulk; §3 Order,
 * seller earnings; §4 order statuses): constants, the offer transition table and the pure money
 * rules both sides show (what the seller nets, what the buyer pays). No zod here (pages import it).
 */
import { ORDER_LIMITS, withTaxCents } from './orders.ts';

/**
 * Business numbers of buying. They become operator parameters with issue 18 (the parameters
 * store); until then the server reads them from here, through one place each.
 */
export const BUYING_RULES = {
  /** The platform's commission on a seller's sale, basis points of the price before tax (a parameter). */
  commissionBps: 500,
  /** The commission rate in force when a listing is created applies to its sales this many months (the fee lock). */
  feeLockMonths: 12,
  /** A domain held elsewhere: the seller pushes it within this many days of payment, or the buyer is refunded (a parameter). */
  externalDeliveryDays: 7,
  /** Every offer (and counter-offer) expires this many days after it was made. */
  offerExpiryDays: 7,
  /** The lowest offer ($3, as the lowest listing price). */
  minOfferCents: 300,
  /** Listings in a cart at most. */
  cartMax: 100,
  /** Items one checkout request buys at most (the web sends a long cart in slices and shows progress). */
  checkoutMax: 50,
  /** Listings on a watchlist at most (as lots). */
  listingWatchMax: 1000,
} as const;

/** How a paid order reaches the buyer: the registry wait (partner lots), a hand-over here, or the seller's push. */
export const ORDER_DELIVERIES = ['registry', 'handover', 'seller_push'] as const;
export type OrderDelivery = (typeof ORDER_DELIVERIES)[number];

/** Offer statuses (API.md): open = awaiting the seller; countered = awaiting the buyer. */
export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'rejected', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * The one transition table of an offer: the seller accepts, rejects or counters an open offer; the
 * buyer accepts or rejects a counter, or offers again (countered → open with the new amount); the
 * buyer may withdraw their own open offer (→ rejected); every open or countered offer expires
 * BUYING_RULES.offerExpiryDays after its last step (the sweeper), and the listing's other offers
 * are rejected when it is sold or taken down.
 */
export const OFFER_TRANSITIONS: Readonly<Record<OfferStatus, readonly OfferStatus[]>> = {
  open: ['countered', 'accepted', 'rejected', 'expired'],
  countered: ['open', 'accepted', 'rejected', 'expired'],
  accepted: [],
  rejected: [],
  expired: [],
};
export const OFFER_OPEN_STATUSES: readonly OfferStatus[] = ['open', 'countered'];

/** The steps of an offer's history. */
export const OFFER_ACTIONS = ['offered', 'countered', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** Why a purchase failed (Commodity.PurchaseFailed `data.reason`, worded by the web). */
export const PURCHASE_FAILURES = [
  'sold',
  'selling',
  'unavailable',
  'own_listing',
  'no_price',
  'price_changed',
] as const;
export type PurchaseFailure = (typeof PURCHASE_FAILURES)[number];

/** The commission on `priceCents` at `commissionBps`, rounded half up to the cent. */
export function commissionCents(priceCents: number, commissionBps: number): number {
  return Math.floor((priceCents * commissionBps + 5_000) / 10_000);
}

/**
 * What a sale at `priceCents` (before tax) gives the seller: the commission at the rate that applies
 * and the net that reaches their earnings. Tax is the buyer's and goes to the platform, never the seller.
 */
export function sellerProceeds(
  priceCents: number,
  commissionBps: number,
): { commissionCents: number; netCents: number } {
  const commission = commissionCents(priceCents, commissionBps);
  return { commissionCents: commission, netCents: priceCents - commission };
}

/** What the buyer pays for `priceCents` (before tax): the tax and the total. */
export function buyerTotal(
  priceCents: number,
  taxRateBps: number = ORDER_LIMITS.taxRateBps,
): { taxCents: number; totalCents: number } {
  const totalCents = withTaxCents(priceCents, taxRateBps);
  return { taxCents: totalCents - priceCents, totalCents };
}

/** The end of a listing's fee lock: BUYING_RULES.feeLockMonths after it was created. */
export function feeLockedUntil(createdAt: Date, months: number = BUYING_RULES.feeLockMonths): Date {
  const d = new Date(createdAt.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** The commission rate a sale at `now` pays: the listing's locked rate while its lock holds, else today's. */
export function commissionRateAt(
  listing: { commissionBps: number; feeLockedUntil: Date | string },
  now: Date,
  currentBps: number = BUYING_RULES.commissionBps,
): number {
  const until = typeof listing.feeLockedUntil === 'string' ? new Date(listing.feeLockedUntil) : listing.feeLockedUntil;
  return until.getTime() > now.getTime() ? listing.commissionBps : currentBps;
}
