import {
  BUYING_RULES,
  buyerTotal,
  LISTING_RULES,
  OFFER_STATUSES,
  type Offer,
  type OfferStatus,
  sellerProceeds,
} from '@namebourse/contract';
import type { StatusTone } from '../../../components/status-chip.tsx';
import type { OfferRole } from '../api/offers-list.ts';

/** How an offer's status chip is coloured: the open steps wait for someone, accepted is done. */
export const OFFER_STATUS_TONE: Record<OfferStatus, StatusTone> = {
  open: 'info',
  countered: 'warning',
  accepted: 'success',
  rejected: 'default',
  expired: 'default',
};

/** The status filter: every offer, then each status in the contract's order. */
export const OFFER_STATUS_TABS = ['all', ...OFFER_STATUSES] as const;
export type OfferStatusTab = (typeof OFFER_STATUS_TABS)[number];

export function parseRoleParam(value: string | null | undefined): OfferRole {
  return value === 'seller' ? 'seller' : 'buyer';
}

export function parseOfferStatusParam(value: string | null | undefined): OfferStatus | undefined {
  return OFFER_STATUSES.find((status) => status === value);
}

/** Every offer of the role: the sum of the counts by status. */
export function totalCount(counts: Record<string, number> | undefined): number | undefined {
  return counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
}

/**
 * Whose move an open offer waits for, as the caller sees it: 'you' (act now), 'them' (wait), or null when the
 * offer is over (accepted, rejected, expired).
 */
export function turnOf(offer: Pick<Offer, 'status' | 'role'>): 'you' | 'them' | null {
  if (offer.status === 'open') return offer.role === 'seller' ? 'you' : 'them';
  if (offer.status === 'countered') return offer.role === 'buyer' ? 'you' : 'them';
  return null;
}

/** What 'reject' means for the caller: the seller rejects; the buyer withdraws an open offer or declines a counter. */
export function rejectKind(offer: Pick<Offer, 'status' | 'role'>): 'reject' | 'withdraw' | 'decline' {
  if (offer.role === 'seller') return 'reject';
  return offer.status === 'open' ? 'withdraw' : 'decline';
}

/** An accepted offer's order waits for the buyer's payment. */
export function awaitsPayment(offer: Pick<Offer, 'orderId' | 'orderStatus'>): boolean {
  return offer.orderId !== null && offer.orderStatus === 'awaiting_payment';
}

/** The order list showing one order (the link from an accepted offer). */
export function orderLink(orderId: string): string {
  return `/console/order/list?orderId=${encodeURIComponent(orderId)}`;
}

/** The commission rate as a percentage text without trailing zeros (500 bps → "5"). */
export function ratePercent(bps: number): string {
  return String(Math.round(bps) / 100);
}

/** The seller's side of an amount at the offer's commission rate (what a counter-offer would net). */
export function proceedsAt(amountCents: number, commissionBps: number) {
  return sellerProceeds(amountCents, commissionBps);
}

/** The buyer's side of an amount: the tax and total with tax a new offer at it would cost (at the rate in force). */
export function totalAt(amountCents: number, taxRateBps: number) {
  return buyerTotal(amountCents, taxRateBps);
}

export type AmountProblem = 'required' | 'tooLow' | 'belowFloor' | 'tooBig';

/**
 * Checks an amount typed in the counter / offer-again dialog as the server would (OfferRequestSchema: ≥ $3 and
 * ≤ the highest listing price; a buyer's offer ≥ the listing's floor when it has one).
 */
export function amountProblem(
  cents: number | null,
  offer: Pick<Offer, 'role' | 'floorCents'>,
): { problem: AmountProblem; minCents?: number } | null {
  if (cents === null || cents <= 0) return { problem: 'required' };
  if (cents < BUYING_RULES.minOfferCents) return { problem: 'tooLow', minCents: BUYING_RULES.minOfferCents };
  if (offer.role === 'buyer' && offer.floorCents !== null && cents < offer.floorCents)
    return { problem: 'belowFloor', minCents: offer.floorCents };
  if (cents > LISTING_RULES.maxPriceCents) return { problem: 'tooBig' };
  return null;
}
