import { type AuctionDetail, depositFor } from '@namebourse/contract';
import { parseDollarsToCents } from '../../../components/auction/dollars';

export type BidFieldError = 'required' | 'invalid' | 'belowMin' | 'maxBelowAmount' | 'tooBig';

export interface BidCheck {
  amountCents: number | null;
  maxAmountCents: number | null;
  errors: { amount?: BidFieldError; max?: BidFieldError };
}

const MAX_BID_CENTS = 1_000_000_000;

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

export interface DepositPlan {
  /** Deposit this maximum needs in total. */
  totalCents: number;
  /** Already held for me in this lot. */
  heldCents: number;
  /** What this bid adds (frozen from the available balance). */
  addCents: number;
}

/** The deposit a bid needs: max($10, 10% of the maximum (or the amount)), minus what is already held. */
export function depositPlan(
  lot: Pick<AuctionDetail, 'myDepositCents' | 'myMaxBidCents'>,
  amountCents: number,
  maxAmountCents: number | null,
): DepositPlan {
  const ceiling = Math.max(maxAmountCents ?? amountCents, amountCents, lot.myMaxBidCents ?? 0);
  const totalCents = depositFor(ceiling);
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
