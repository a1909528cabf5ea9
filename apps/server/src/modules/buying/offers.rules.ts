import {
  BUYING_RULES,
  type ErrorCode,
  type FieldMessageKey,
  OFFER_TRANSITIONS,
  type OfferAction,
  type OfferStatus,
} from '@namebourse/contract';
import { canTransition } from '../../platform/transitions.ts';

/**
 * The pure rules of offers and counter-offers (issue 17): whose turn an offer is, what each side
 * may do with it now, the step an answer takes through OFFER_TRANSITIONS, and the limits on amounts.
 * An open offer awaits the seller; a countered one awaits the buyer; the rest are closed.
 */

export type OfferRole = 'buyer' | 'seller';
export type OfferVerb = 'accept' | 'reject' | 'counter';

const DAY_MS = 86_400_000;
const OPEN: readonly OfferStatus[] = ['open', 'countered'];

/** When an offer made (or answered) at `now` expires. */
export function offerExpiresAt(now: Date): Date {
  return new Date(now.getTime() + BUYING_RULES.offerExpiryDays * DAY_MS);
}

/** The status as the parties see it at `now`: an open or countered offer past its expiry reads as expired. */
export function statusAt(offer: { status: string; expiresAt: Date }, now: Date): OfferStatus {
  const status = offer.status as OfferStatus;
  return OPEN.includes(status) && offer.expiresAt.getTime() <= now.getTime() ? 'expired' : status;
}

/** Whose turn it is: open → the seller, countered → the buyer, closed → nobody. */
export function turnOf(status: OfferStatus): OfferRole | null {
  if (status === 'open') return 'seller';
  if (status === 'countered') return 'buyer';
  return null;
}

/** One answer's effect: the new status and the history's step. */
export interface OfferStep {
  to: OfferStatus;
  action: OfferAction;
}

/**
 * The step `role` takes with `verb` on an offer in `status` (the status at now), or the error:
 * Offer.InvalidTransition on a closed offer, Offer.NotYourTurn when it awaits the other side. The
 * buyer's counter is offering again (countered → open); the buyer may withdraw their own open offer.
 */
export function stepOf(role: OfferRole, verb: OfferVerb, status: OfferStatus): OfferStep | { error: ErrorCode } {
  const turn = turnOf(status);
  if (turn === null) return { error: 'Offer.InvalidTransition' };
  const withdraw = role === 'buyer' && status === 'open' && verb === 'reject';
  if (turn !== role && !withdraw) return { error: 'Offer.NotYourTurn' };
  let step: OfferStep;
  if (verb === 'accept') step = { to: 'accepted', action: 'accepted' };
  else if (verb === 'reject') step = { to: 'rejected', action: withdraw ? 'withdrawn' : 'rejected' };
  else step = role === 'seller' ? { to: 'countered', action: 'countered' } : { to: 'open', action: 'offered' };
  if (!canTransition(OFFER_TRANSITIONS, status, step.to)) return { error: 'Offer.InvalidTransition' };
  return step;
}

/** The listing as the offer rules need it. */
export interface OfferListing {
  status: string;
  paused: boolean;
  mode: string;
  priceCents: number | null;
  floorCents: number | null;
}

/** Whether the listing takes offers and can be bought now (on sale, an edit of it may be in review, not paused). */
export function listingOpen(listing: OfferListing): boolean {
  return listing.mode === 'offer' && ['on_sale', 'modification_review'].includes(listing.status) && !listing.paused;
}

/** The lowest offer the listing takes: its floor, and never less than BUYING_RULES.minOfferCents. */
export function minimumOffer(listing: Pick<OfferListing, 'floorCents'>): number {
  return Math.max(listing.floorCents ?? 0, BUYING_RULES.minOfferCents);
}

/**
 * Why a buyer's amount is refused: below the seller's floor (Offer.BelowFloor), or below the
 * platform's minimum (a field error); null when it is fine.
 */
export function offerProblem(
  amountCents: number,
  listing: Pick<OfferListing, 'floorCents'>,
): { code: 'Offer.BelowFloor'; floorCents: number } | { field: FieldMessageKey } | null {
  if (amountCents < BUYING_RULES.minOfferCents) return { field: 'priceTooLow' };
  if (listing.floorCents !== null && amountCents < listing.floorCents) {
    return { code: 'Offer.BelowFloor', floorCents: listing.floorCents };
  }
  return null;
}

/**
 * Why a seller's counter is refused (a field error with its bound): it must be at least
 * BUYING_RULES.minOfferCents, above the buyer's amount and at most the buy-now price when there is one.
 */
export function counterProblem(
  amountCents: number,
  buyerAmountCents: number,
  listingPriceCents: number | null,
): { field: FieldMessageKey; params?: Record<string, string> } | null {
  if (amountCents < BUYING_RULES.minOfferCents) return { field: 'priceTooLow' };
  if (amountCents <= buyerAmountCents) return { field: 'tooSmall', params: { min: usd(buyerAmountCents + 1) } };
  if (listingPriceCents !== null && amountCents > listingPriceCents) {
    return { field: 'tooBig', params: { max: usd(listingPriceCents) } };
  }
  return null;
}

/** What the caller may do with the offer now (the status at now). */
export function abilitiesOf(
  role: OfferRole,
  status: OfferStatus,
  offer: { amountCents: number },
  listing: OfferListing,
): { canAccept: boolean; canReject: boolean; canCounter: boolean } {
  const turn = turnOf(status);
  if (turn === null) return { canAccept: false, canReject: false, canCounter: false };
  if (turn !== role) return { canAccept: false, canReject: role === 'buyer', canCounter: false };
  const open = listingOpen(listing);
  const room = role === 'buyer' || listing.priceCents === null || listing.priceCents > offer.amountCents;
  return { canAccept: open, canReject: true, canCounter: room && (role === 'seller' || open) };
}

function usd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
