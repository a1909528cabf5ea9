import {
  type FieldMessageKey,
  LISTING_MARKET_STATUSES,
  LISTING_RULES,
  LISTING_TRANSITIONS,
  type Listing,
  type ListingStatus,
} from '@namebourse/contract';
import { parseDollarsToCents } from '../../../components/auction/index.ts';
import type { StatusTone } from '../../../components/status-chip.tsx';

/** The seller centre's list (back link of the edit page). */
export const SELLER_CENTRE_PATH = '/console/seller';

/** The tone of a listing's status chip. */
export const EDIT_STATUS_TONE: Record<ListingStatus, StatusTone> = {
  pending_review: 'info',
  review_failed: 'error',
  supplement_required: 'warning',
  modification_review: 'info',
  on_sale: 'success',
  off_shelf: 'default',
  selling: 'secondary',
  sold: 'primary',
  expired: 'default',
};

/** Approved and up for sale: a price change takes effect at once, a presentation change goes to review. */
export function isApprovedListing(status: ListingStatus): boolean {
  return status === 'on_sale' || status === 'modification_review';
}

/** Statuses before the first approval: an auction's start price, reserve and duration may still change. */
const BEFORE_APPROVAL: readonly ListingStatus[] = ['pending_review', 'review_failed', 'supplement_required'];

export function canEditAuctionTerms(listing: Pick<Listing, 'status' | 'auctionId'>): boolean {
  return listing.auctionId === null && BEFORE_APPROVAL.includes(listing.status);
}

/** Selling, sold: nothing can change any more (the server answers Listing.NotEditable). */
export function isEditable(status: ListingStatus): boolean {
  return status !== 'selling' && status !== 'sold';
}

/**
 * The seller may take it off the shelf: the transition table allows off_shelf, except for a seller auction whose
 * lot is running (it ends by itself, sold or expired).
 */
export function canTakeDown(listing: Pick<Listing, 'status' | 'mode' | 'auctionId'>): boolean {
  if (listing.mode === 'auction' && listing.auctionId !== null && listing.status === 'on_sale') return false;
  return LISTING_TRANSITIONS[listing.status].includes('off_shelf');
}

/** Statuses whose logo can no longer change: sold or being sold, or no longer on the shelf (list it again first). */
const LOGO_LOCKED: readonly ListingStatus[] = ['sold', 'selling', 'expired', 'off_shelf'];

export function canChangeLogo(status: ListingStatus): boolean {
  return !LOGO_LOCKED.includes(status);
}

/** The seller may list it again (off the shelf, or expired). */
export function canRelist(status: ListingStatus): boolean {
  return status === 'off_shelf' || status === 'expired';
}

/** The quick switch applies to an approved fixed-price or offer listing (a seller auction runs its course). */
export function hasQuickSwitch(listing: Pick<Listing, 'status' | 'mode'>): boolean {
  return listing.mode !== 'auction' && LISTING_MARKET_STATUSES.includes(listing.status);
}

/** Where buyers see it now (the market page, or the seller auction's lot), or null when they do not. */
export function marketLinkOf(listing: Pick<Listing, 'status' | 'quickStatus' | 'mode' | 'domain' | 'auctionId'>) {
  if (!LISTING_MARKET_STATUSES.includes(listing.status) || listing.quickStatus !== 'listed') return null;
  if (listing.mode === 'auction') return listing.auctionId ? `/sale/${encodeURIComponent(listing.auctionId)}` : null;
  return `/market/${encodeURIComponent(listing.domain)}`;
}

/**
 * A dollar amount typed into a price field → cents, or the contract's field message for it (the server's own:
 * priceTooLow below $3.00). An empty optional field is `null` (cleared).
 */
export function priceFieldCents(
  text: string,
  required: boolean,
): { cents: number | null; problem: FieldMessageKey | null } {
  if (text.trim() === '') return { cents: null, problem: required ? 'required' : null };
  const cents = parseDollarsToCents(text);
  if (cents === null) return { cents: null, problem: 'amountInvalid' };
  if (cents < LISTING_RULES.minPriceCents) return { cents, problem: 'priceTooLow' };
  if (cents > LISTING_RULES.maxPriceCents) return { cents, problem: 'tooBig' };
  return { cents, problem: null };
}
