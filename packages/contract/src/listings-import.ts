import type { FieldMessageKey } from './errors.ts';
import { ListingDomainSchema } from './listings.ts';
import { LISTING_RULES } from './listings.values.ts';

/**
 * Batch listing by lines (spec §5; API.md POST /listings/import): one `domain price` per line, the
 * price in US dollars (`12`, `12.5`, `1,200.00`, `$12`). Domain and price are separated by spaces,
 * tabs or a comma (full-width ones too, as typed with a Chinese input method); blank lines are
 * ignored. The same parser runs in the browser (the form's live check and its line count) and on
 * the server (the rule that decides), so both sides agree on every line.
 */

/** A line's problem: which part is wrong and the FIELD_MESSAGES key (params fill it). */
export interface ListingLineError {
  /** 1-based line number in the text (blank lines count). */
  row: number;
  /** The domain as written (lowercased), or the whole line when no domain could be read. */
  domain: string;
  field: 'domain' | 'price';
  message: FieldMessageKey;
  params?: Record<string, string | number>;
}

export interface ListingLine {
  row: number;
  domain: string;
  priceCents: number;
}

export interface ListingLinesResult {
  /** Readable lines, in text order. */
  rows: ListingLine[];
  errors: ListingLineError[];
  /** Non-blank lines (the limit LISTING_RULES.maxLines counts these). */
  count: number;
  /** More non-blank lines than LISTING_RULES.maxLines (the whole batch is refused: Listing.TooManyRows). */
  tooMany: boolean;
}

/** ASCII and full-width separators: space, tab, ideographic space, comma, full-width comma. */
const SEPARATOR = /[\s\u3000,\uff0c]+/;
const AMOUNT_RE = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * US dollars as written by a person → integer cents: digits with an optional `$` (or `US$`), comma
 * thousands groups (`1,200`) and at most two decimals. Undefined for anything else (negative
 * numbers, three decimals, `1,20`, words).
 */
export function parseUsdCents(text: string): number | undefined {
  const v = text
    .trim()
    .replace(/^(?:US)?\$\s*/i, '')
    .replace(/\s*USD$/i, '');
  if (!AMOUNT_RE.test(v)) return undefined;
  const [whole = '0', frac = ''] = v.replaceAll(',', '').split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** A listing price check in cents (the same bounds as ListingPriceSchema): a message key, or undefined when fine. */
export function listingPriceProblem(
  cents: number,
): { message: FieldMessageKey; params?: Record<string, string | number> } | undefined {
  if (cents < LISTING_RULES.minPriceCents) return { message: 'priceTooLow' };
  if (cents > LISTING_RULES.maxPriceCents)
    return { message: 'tooBig', params: { max: LISTING_RULES.maxPriceCents / 100 } };
  return undefined;
}

/** One line → its domain and price, or what is wrong with it (the domain is checked first). */
export function parseListingLine(line: string, row: number): ListingLine | ListingLineError {
  const trimmed = line.trim().replace(/^\uFEFF/, '');
  const cut = SEPARATOR.exec(trimmed);
  const rawDomain = cut ? trimmed.slice(0, cut.index) : trimmed;
  const rawPrice = cut ? trimmed.slice(cut.index + cut[0].length) : '';
  const domain = ListingDomainSchema.safeParse(rawDomain);
  const shown = rawDomain.toLowerCase();
  if (!domain.success) return { row, domain: shown, field: 'domain', message: 'domainInvalid' };
  if (rawPrice.trim() === '') return { row, domain: domain.data, field: 'price', message: 'required' };
  const cents = parseUsdCents(rawPrice);
  if (cents === undefined) return { row, domain: domain.data, field: 'price', message: 'amountInvalid' };
  const problem = listingPriceProblem(cents);
  if (problem) return { row, domain: domain.data, field: 'price', ...problem };
  return { row, domain: domain.data, priceCents: cents };
}

export function isListingLineError(v: ListingLine | ListingLineError): v is ListingLineError {
  return 'message' in v;
}

/** The text of the batch form → its readable lines and its problems (line numbers as in the text). */
export function parseListingLines(text: string): ListingLinesResult {
  const rows: ListingLine[] = [];
  const errors: ListingLineError[] = [];
  let count = 0;
  const lines = text.split(/\r\n|\r|\n/);
  for (const [i, line] of lines.entries()) {
    if (line.replace(/\uFEFF/g, '').trim() === '') continue;
    count += 1;
    const parsed = parseListingLine(line, i + 1);
    if (isListingLineError(parsed)) errors.push(parsed);
    else rows.push(parsed);
  }
  return { rows, errors, count, tooMany: count > LISTING_RULES.maxLines };
}
