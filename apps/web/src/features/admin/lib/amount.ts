import { AdjustmentRequestSchema, parseDollarsToCents } from '@namebourse/contract';

/** The largest adjustment the server accepts either way, in cents (AdjustmentRequestSchema). */
export const ADJUSTMENT_MAX_CENTS = 100_000_000;

/**
 * Signed integer cents from a dollar amount typed by an operator: '25', '+25.5', '-12.05', '−3' (a typographic
 * minus), with an optional '$' and thousands commas. Null when it is not an amount with at most two decimals.
 */
export function parseSignedDollarsToCents(input: string): number | null {
  const m = /^\s*([+\-−]?)\s*\$?\s*([\d,]+(?:\.\d*)?)\s*$/.exec(input);
  if (!m) return null;
  const [, sign = '', body = ''] = m;
  const digits = body.replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (digits.includes(',') || digits.endsWith('.')) return null;
  const cents = parseDollarsToCents(digits);
  if (cents === null) return null;
  return sign === '-' || sign === '−' ? -cents : cents;
}

export type AdjustmentAmountProblem = 'required' | 'invalid' | 'zero' | 'tooLarge';

/** Why a typed adjustment amount cannot be sent, or null when it can (non-zero, within the server's bounds). */
export function adjustmentAmountProblem(input: string): AdjustmentAmountProblem | null {
  if (input.trim() === '') return 'required';
  const cents = parseSignedDollarsToCents(input);
  if (cents === null) return 'invalid';
  if (cents === 0) return 'zero';
  if (Math.abs(cents) > ADJUSTMENT_MAX_CENTS) return 'tooLarge';
  return AdjustmentRequestSchema.shape.amountCents.safeParse(cents).success ? null : 'invalid';
}
