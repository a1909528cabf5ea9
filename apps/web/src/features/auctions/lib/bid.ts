import {
  AUCTION_RULES,
  type AuctionDetail,
  type DepositRule,
  depositFor,
  type PlaceBidRequest,
  PlaceBidRequestSchema,
} from '@namebourse/contract';
import { z } from 'zod';
import { parseDollarsToCents } from '../../../components/auction/dollars.ts';

export type BidFieldError = 'required' | 'invalid' | 'belowMin' | 'maxBelowAmount' | 'tooBig';

export interface BidCheck {
  amountCents: number | null;
  maxAmountCents: number | null;
  errors: { amount?: BidFieldError; max?: BidFieldError };
}

const MAX_BID_CENTS = AUCTION_RULES.maxBidCents;

/** Checks the bid form (dollar text) against the lot: amount ≥ minimum next bid, optional maximum ≥ amount. */
export function checkBid(amountText: string, maxText: string, minNextBidCents: number): BidCheck {
  const errors: BidCheck['errors'] = {};
  const amountCents = parseDollarsToCents(amountText);
  if (amountText.trim() === '') errors.amount = 'required';
  else if (amountCents === null) errors.amount = 'invalid';
  else if (amountCents > MAX_BID_CENTS) errors.amount = 'tooBig';
  else if (amountCents < minNextBidCents) errors.amount = 'belowMin';
  let maxAmountCents: number | null = null;
  if (maxText.trim() !== '') {
    maxAmountCents = parseDollarsToCents(maxText);
    if (maxAmountCents === null) errors.max = 'invalid';
    else if (maxAmountCents > MAX_BID_CENTS) errors.max = 'tooBig';
    else if (amountCents !== null && maxAmountCents < amountCents) errors.max = 'maxBelowAmount';
  }
  return { amountCents, maxAmountCents, errors };
}

/** The bid form as typed: dollars, the maximum optional (''). */
export interface BidForm {
  amount: string;
  max: string;
}

/**
 * The bid form's schema for a lot: the typed dollars checked by `checkBid` against its minimum next bid; each
 * message is a `bid.errors.*` key. `bidRequestOf` turns a valid form into the contract's request.
 */
export function bidFormSchema(minNextBidCents: number) {
  return z.object({ amount: z.string(), max: z.string() }).superRefine((form, ctx) => {
    const { errors } = checkBid(form.amount, form.max, minNextBidCents);
    if (errors.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: errors.amount });
    if (errors.max) ctx.addIssue({ code: 'custom', path: ['max'], message: errors.max });
  });
}

/** The request body of a valid bid form, parsed by the contract's PlaceBidRequestSchema. */
export function bidRequestOf(form: BidForm): PlaceBidRequest {
  const amountCents = parseDollarsToCents(form.amount);
  const maxAmountCents = form.max.trim() === '' ? null : parseDollarsToCents(form.max);
  return PlaceBidRequestSchema.parse({ amountCents, ...(maxAmountCents !== null ? { maxAmountCents } : {}) });
}

/** Refusals of a bid whose catalogue message already opens with 'Bid Failed' (shown as they are). */
const WORDED_AS_BID_FAILED: ReadonlySet<string> = new Set([
  'Commodity.BidFailed',
  'Auction.NotOpen',
  'Auction.BidTooLow',
  'Auction.Exited',
  'Auction.OwnLot',
]);

/** Whether a refusal's message already says 'Bid Failed' (by its code; the text is localised). */
export function saysBidFailed(code: string): boolean {
  return WORDED_AS_BID_FAILED.has(code);
}

export interface DepositPlan {
  /** Deposit this maximum needs in total. */
  totalCents: number;
  /** Already held for me in this lot. */
  heldCents: number;
  /** What this bid adds (frozen from the available balance). */
  addCents: number;
}

/**
 * The deposit a bid needs: max(minimum, rate × the maximum (or the amount)), minus what is already held. The rule
 * is the one in force (parameters depositMinCents, depositRateBps, from the server).
 */
export function depositPlan(
  lot: Pick<AuctionDetail, 'myDepositCents' | 'myMaxBidCents'>,
  amountCents: number,
  maxAmountCents: number | null,
  rule: DepositRule,
): DepositPlan {
  const ceiling = Math.max(maxAmountCents ?? amountCents, amountCents, lot.myMaxBidCents ?? 0);
  const totalCents = depositFor(ceiling, rule);
  const heldCents = lot.myDepositCents;
  return { totalCents, heldCents, addCents: Math.max(0, totalCents - heldCents) };
}

/** Where I stand: leading / outbid while bidding, nothing when I have not bid or have exited. */
export function myStanding(
  lot: Pick<AuctionDetail, 'myMaxBidCents' | 'isLeading' | 'hasExited'>,
): 'leading' | 'outbid' | 'exited' | null {
  if (lot.myMaxBidCents === null) return null;
  if (lot.hasExited) return 'exited';
  return lot.isLeading ? 'leading' : 'outbid';
}

/** The result of a closed lot from my side. */
export function lotOutcome(
  lot: Pick<AuctionDetail, 'status' | 'winningPriceCents' | 'isLeading' | 'myMaxBidCents'>,
): 'won' | 'lost' | 'no_winner' | null {
  if (lot.status !== 'ended' && lot.status !== 'cancelled') return null;
  if (lot.status === 'cancelled' || lot.winningPriceCents === null) return 'no_winner';
  return lot.isLeading && lot.myMaxBidCents !== null ? 'won' : 'lost';
}
