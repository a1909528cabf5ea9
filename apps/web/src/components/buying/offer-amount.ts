import { BUYING_RULES, buyerTotal, LISTING_RULES } from '@namebourse/contract';
import { parseDollarsToCents } from '../auction/dollars.ts';

/** The lowest offer a listing takes: its floor when set, never below BUYING_RULES.minOfferCents ($3). */
export function minOfferCents(floorCents: number | null): number {
  return Math.max(floorCents ?? 0, BUYING_RULES.minOfferCents);
}

export type OfferAmountCheck =
  | { ok: true; amountCents: number; taxCents: number | null; totalCents: number | null }
  | { ok: false; error: 'required' | 'invalid' | 'belowMin' | 'tooBig' };

/**
 * Checks a typed offer ('1,250.50', '$40') against the listing's minimum; when good, the buyer's tax and total at
 * `taxRateBps` (the tax rate parameter in force, from the server; null amounts while it is not known).
 */
export function checkOfferAmount(
  text: string,
  floorCents: number | null,
  taxRateBps: number | undefined,
): OfferAmountCheck {
  if (text.trim() === '') return { ok: false, error: 'required' };
  const cents = parseDollarsToCents(text);
  if (cents === null || cents <= 0) return { ok: false, error: 'invalid' };
  if (cents < minOfferCents(floorCents)) return { ok: false, error: 'belowMin' };
  if (cents > LISTING_RULES.maxPriceCents) return { ok: false, error: 'tooBig' };
  const totals = taxRateBps === undefined ? { taxCents: null, totalCents: null } : buyerTotal(cents, taxRateBps);
  return { ok: true, amountCents: cents, ...totals };
}
