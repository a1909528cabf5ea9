import {
  FIELD_MESSAGES,
  type FieldMessageKey,
  fieldMessage,
  INDUSTRY_KEYS,
  type Industry,
  type Locale,
  MARKET_SORTS,
  type MarketSort,
} from '@namebourse/contract';

/**
 * The market's search in the address (/market?q=…&minPrice=…): pure mapping between the address, the form's draft
 * and the request of GET /api/market. Prices are whole or decimal US dollars in the address and the form (what a
 * buyer types) and integer cents in the request (MarketQuerySchema).
 */

/** Every filter of the market, in the order they appear in the address. */
export const MARKET_FILTER_KEYS = [
  'q',
  'mode',
  'minPrice',
  'maxPrice',
  'tld',
  'minLength',
  'maxLength',
  'industry',
  'keyword',
] as const;
export type MarketFilterKey = (typeof MARKET_FILTER_KEYS)[number];

/** The filter as the form and the address hold it: text per field ('' = not set). */
export type MarketDraft = Record<MarketFilterKey, string>;

export const EMPTY_MARKET_DRAFT: MarketDraft = Object.fromEntries(
  MARKET_FILTER_KEYS.map((key) => [key, '']),
) as MarketDraft;

export const MARKET_DEFAULT_SORT: MarketSort = 'newest';
export const MARKET_PAGE_SIZE = 24;
export const MARKET_MODES = ['fixed', 'offer'] as const;
export type MarketMode = (typeof MARKET_MODES)[number];

/** The request's filter (MarketQuerySchema without paging and sort): prices in cents. */
export interface MarketFilter {
  q?: string;
  mode?: MarketMode;
  minPrice?: number;
  maxPrice?: number;
  tld?: string;
  minLength?: number;
  maxLength?: number;
  industry?: Industry;
  keyword?: string;
}

export interface MarketSearch {
  draft: MarketDraft;
  /** The valid part of the draft (fields with a problem are left out of the request). */
  filter: MarketFilter;
  /** Field → contract message key ('rangeInvalid', 'amountInvalid', …) for the fields left out. */
  errors: Partial<Record<MarketFilterKey, FieldMessageKey>>;
  sort: MarketSort;
  page: number;
}

const DOLLARS = /^\d{1,9}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,3}$/;
const MAX_TEXT = { q: 253, keyword: 30, tld: 24 } as const;

/** "12.5" → 1250 (no floating point: the digits are read as they are); null for anything else. */
export function dollarsToCents(text: string): number | null {
  const value = text.trim();
  if (!DOLLARS.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 → "12.5"; 1200 → "12" (the address's form of a price). */
export function centsToDollarsText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * Checks a draft. Returns the valid filter (without the fields that have a problem) and a message key per bad
 * field; a bad range is reported under its max field and leaves the max out, as the contract does.
 */
export function validateMarketDraft(draft: MarketDraft): {
  filter: MarketFilter;
  errors: Partial<Record<MarketFilterKey, FieldMessageKey>>;
} {
  const filter: MarketFilter = {};
  const errors: Partial<Record<MarketFilterKey, FieldMessageKey>> = {};
  const text = (key: 'q' | 'keyword' | 'tld') => {
    const value = draft[key].trim();
    if (value === '') return undefined;
    if (value.length > MAX_TEXT[key]) {
      errors[key] = 'tooLong';
      return undefined;
    }
    return value;
  };
  const q = text('q');
  if (q !== undefined) filter.q = q;
  const keyword = text('keyword');
  if (keyword !== undefined) filter.keyword = keyword;
  const tld = text('tld');
  if (tld !== undefined) filter.tld = tld.replace(/^\./, '').toLowerCase();

  const mode = draft.mode.trim();
  if (mode !== '') {
    if ((MARKET_MODES as readonly string[]).includes(mode)) filter.mode = mode as MarketMode;
    else errors.mode = 'choice';
  }
  const industry = draft.industry.trim();
  if (industry !== '') {
    if ((INDUSTRY_KEYS as readonly string[]).includes(industry)) filter.industry = industry as Industry;
    else errors.industry = 'choice';
  }

  for (const key of ['minPrice', 'maxPrice'] as const) {
    const value = draft[key].trim();
    if (value === '') continue;
    const cents = dollarsToCents(value);
    if (cents === null) errors[key] = 'amountInvalid';
    else filter[key] = cents;
  }
  for (const key of ['minLength', 'maxLength'] as const) {
    const value = draft[key].trim();
    if (value === '') continue;
    if (!WHOLE.test(value)) {
      errors[key] = 'notInteger';
      continue;
    }
    const length = Number(value);
    if (length < 1) errors[key] = 'tooSmall';
    else if (length > 63) errors[key] = 'tooBig';
    else filter[key] = length;
  }
  if (filter.minPrice !== undefined && filter.maxPrice !== undefined && filter.maxPrice < filter.minPrice) {
    errors.maxPrice = 'rangeInvalid';
    delete filter.maxPrice;
  }
  if (filter.minLength !== undefined && filter.maxLength !== undefined && filter.maxLength < filter.minLength) {
    errors.maxLength = 'rangeInvalid';
    delete filter.maxLength;
  }
  return { filter, errors };
}

/** Reads the filter, sort and page from the address (unknown parameters ignored, bad values reported). */
export function marketSearchFromParams(params: URLSearchParams): MarketSearch {
  const draft = { ...EMPTY_MARKET_DRAFT };
  for (const key of MARKET_FILTER_KEYS) draft[key] = (params.get(key) ?? '').trim();
  const sortParam = params.get('sort') ?? '';
  const sort = (MARKET_SORTS as readonly string[]).includes(sortParam)
    ? (sortParam as MarketSort)
    : MARKET_DEFAULT_SORT;
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const { filter, errors } = validateMarketDraft(draft);
  return { draft, filter, errors, sort, page };
}

/** The address of a search: only the set fields, then sort (when not the default) and page (when not 1). */
export function marketParamsFromDraft(
  draft: MarketDraft,
  sort: MarketSort = MARKET_DEFAULT_SORT,
  page = 1,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of MARKET_FILTER_KEYS) {
    const value = draft[key].trim();
    if (value !== '') params.set(key, value);
  }
  if (sort !== MARKET_DEFAULT_SORT) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** A request filter as a draft (cents back to dollars). */
export function marketDraftFromFilter(filter: MarketFilter): MarketDraft {
  const draft = { ...EMPTY_MARKET_DRAFT };
  for (const key of MARKET_FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined) continue;
    draft[key] =
      (key === 'minPrice' || key === 'maxPrice') && typeof value === 'number'
        ? centsToDollarsText(value)
        : String(value);
  }
  return draft;
}

/** How many filters are set besides the search box (the filter button's badge on phones). */
export function marketFilterCount(draft: MarketDraft): number {
  return MARKET_FILTER_KEYS.filter((key) => key !== 'q' && draft[key].trim() !== '').length;
}

/** A contract message key of field `key` as text in `locale`; other text (a server's message) is kept. */
export function marketErrorText(
  message: string | undefined,
  locale: Locale,
  key?: MarketFilterKey,
): string | undefined {
  if (!message) return undefined;
  if (!Object.hasOwn(FIELD_MESSAGES, message)) return message;
  const max = key === 'q' || key === 'keyword' || key === 'tld' ? MAX_TEXT[key] : 63;
  return fieldMessage(message as FieldMessageKey, locale, { min: 1, max });
}

/** Common TLDs offered in the TLD field. */
export const MARKET_COMMON_TLDS = ['com', 'net', 'org', 'cn', 'io', 'ai', 'co', 'xyz'] as const;
