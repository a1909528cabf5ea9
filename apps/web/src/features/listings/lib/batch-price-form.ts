import { type BatchPriceBody, fieldMessage, LISTING_RULES, type Locale } from '@namebourse/contract';
import { parseDollarsToCents } from '../../../components/auction/dollars.ts';

export type BatchPriceKind = 'price' | 'percent' | 'delta';

/**
 * The batch-pricing body of what the seller typed (a price in dollars, a percentage −90…+1000, or a signed dollar
 * amount), or the field's localised error.
 */
export function batchPriceBody(
  kind: BatchPriceKind,
  text: string,
  listingIds: string[],
  locale: Locale,
): { body: Omit<BatchPriceBody, 'preview'>; error: null } | { body: null; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { body: null, error: fieldMessage('required', locale) };
  if (kind === 'price') {
    const cents = parseDollarsToCents(trimmed);
    if (cents === null) return { body: null, error: fieldMessage('amountInvalid', locale) };
    if (cents < LISTING_RULES.minPriceCents) return { body: null, error: fieldMessage('priceTooLow', locale) };
    if (cents > LISTING_RULES.maxPriceCents)
      return { body: null, error: fieldMessage('tooBig', locale, { max: LISTING_RULES.maxPriceCents / 100 }) };
    return { body: { listingIds, priceCents: cents }, error: null };
  }
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const unsigned = trimmed.replace(/^[-+]\s*/, '');
  if (kind === 'percent') {
    if (!/^\d+(\.\d{1,2})?$/.test(unsigned)) return { body: null, error: fieldMessage('invalid', locale) };
    const percent = sign * Number(unsigned);
    if (percent < -90) return { body: null, error: fieldMessage('tooSmall', locale, { min: -90 }) };
    if (percent > 1000) return { body: null, error: fieldMessage('tooBig', locale, { max: 1000 }) };
    return { body: { listingIds, percent }, error: null };
  }
  const cents = parseDollarsToCents(unsigned);
  if (cents === null || cents === 0) return { body: null, error: fieldMessage('amountInvalid', locale) };
  if (cents > LISTING_RULES.maxPriceCents)
    return { body: null, error: fieldMessage('tooBig', locale, { max: LISTING_RULES.maxPriceCents / 100 }) };
  return { body: { listingIds, deltaCents: sign * cents }, error: null };
}
