import {
  AUCTION_SORTS,
  type AuctionFilter,
  AuctionFilterSchema,
  type AuctionSort,
  FIELD_MESSAGES,
  type FieldMessageKey,
  fieldMessage,
  LOT_TYPES,
  type Locale,
  type LotType,
} from '@namebourse/contract';

/** Every filter name of the contract, in the order they appear in the address. */
export const FILTER_KEYS = [
  'keyword',
  'type',
  'minPrice',
  'maxPrice',
  'minBaiduWeight',
  'minBaiduIndex',
  'minSougouIndex',
  'minBackLinks',
  'maxBackLinks',
  'suffix',
  'includeAsStart',
  'excludeHyphens',
  'excludePremiumNames',
  'regTimeEnd',
  'expirationTimeEnd',
  'saleEndTimeStart',
  'saleEndTimeEnd',
] as const satisfies readonly (keyof AuctionFilter)[];
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filter as the form and the address hold it: text per field ('' = not set; flags are 'true'). */
export type FilterDraft = Record<FilterKey, string>;

export const EMPTY_DRAFT: FilterDraft = Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as FilterDraft;

export const DEFAULT_SORT: AuctionSort = 'ending';
export const SALE_PAGE_SIZE = 20;

export interface SaleSearch {
  draft: FilterDraft;
  /** The valid part of the draft (fields with a problem are left out of the request). */
  filter: AuctionFilter;
  /** Field → contract message key ('rangeInvalid', 'notInteger', …) for the fields left out. */
  errors: Partial<Record<FilterKey, string>>;
  sort: AuctionSort;
  page: number;
}

/** Reads the filter, sort and page from the address (unknown parameters ignored, bad values reported). */
export function searchFromParams(params: URLSearchParams): SaleSearch {
  const draft = { ...EMPTY_DRAFT };
  for (const key of FILTER_KEYS) draft[key] = (params.get(key) ?? '').trim();
  const sortParam = params.get('sort');
  const sort = (AUCTION_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as AuctionSort)
    : DEFAULT_SORT;
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const { filter, errors } = validateDraft(draft);
  return { draft, filter, errors, sort, page };
}

function draftInput(draft: FilterDraft): Record<string, string> {
  const input: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = draft[key].trim();
    if (value === '') continue;
    // Flags are either on or absent: anything but 'true' means off.
    if ((key === 'excludeHyphens' || key === 'excludePremiumNames') && value !== 'true') continue;
    input[key] = value;
  }
  return input;
}

/**
 * Checks a draft with the contract's AuctionFilterSchema. Returns the valid filter (without the fields that have a
 * problem) and a message key per bad field; a bad range is reported under its max field, as the contract does.
 */
export function validateDraft(draft: FilterDraft): {
  filter: AuctionFilter;
  errors: Partial<Record<FilterKey, string>>;
} {
  const input = draftInput(draft);
  const errors: Partial<Record<FilterKey, string>> = {};
  for (let round = 0; round < FILTER_KEYS.length; round += 1) {
    const parsed = AuctionFilterSchema.safeParse(input);
    if (parsed.success) return { filter: parsed.data, errors };
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as FilterKey | undefined;
      if (!key) continue;
      errors[key] ??= issue.message;
      delete input[key];
    }
  }
  return { filter: {}, errors };
}

/** A contract message key as text ('Invalid range: max must be ≥ min'); other text is kept. */
export function filterErrorText(message: string | undefined, locale: Locale): string | undefined {
  if (!message) return undefined;
  if (!Object.hasOwn(FIELD_MESSAGES, message)) return message;
  return fieldMessage(message as FieldMessageKey, locale, { min: 0, max: message === 'tooBig' ? 10 : 63 });
}

/** The address of a search: only the set fields, then sort (when not the default) and page (when not 1). */
export function paramsFromDraft(draft: FilterDraft, sort: AuctionSort = DEFAULT_SORT, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(draftInput(draft))) params.set(key, value);
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** A saved (parsed) filter as a draft. */
export function draftFromFilter(filter: Partial<AuctionFilter>): FilterDraft {
  const draft = { ...EMPTY_DRAFT };
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === null || value === false) continue;
    draft[key] = String(value);
  }
  return draft;
}

/** How many filters are set besides keyword and type (the panel's badge). */
export function activeFilterCount(draft: FilterDraft): number {
  return Object.keys(draftInput(draft)).filter((key) => key !== 'keyword' && key !== 'type').length;
}

export function parseType(value: string): LotType | undefined {
  return (LOT_TYPES as readonly string[]).includes(value) ? (value as LotType) : undefined;
}

/** Common TLDs offered as chips in the suffix filter. */
export const COMMON_SUFFIXES = ['com', 'net', 'cn', 'org', 'com.cn', 'io', 'ai', 'top', 'xyz', 'cc'] as const;

/** The suffix field's list ("com,.net") as lower-case TLDs without the dot. */
export function suffixList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
}

/** Adds or removes one TLD from the suffix field. */
export function toggleSuffix(value: string, tld: string): string {
  const list = suffixList(value);
  const next = list.includes(tld) ? list.filter((item) => item !== tld) : [...list, tld];
  return next.join(',');
}
