import {
  fieldMessage,
  type ListingCreate,
  ListingCreateSchema,
  type ListingEndOption,
  type ListingMode,
  type Locale,
} from '@namebourse/contract';
import { parseDollarsToCents } from '../../../components/auction/dollars.ts';
import { fieldText } from '../../../lib/form-errors.ts';

/** The single-listing form as typed: prices are dollar text, turned into exact cents on submit. */
export interface CreateFormValues {
  domain: string;
  mode: ListingMode;
  price: string;
  startPrice: string;
  reservePrice: string;
  durationDays: number;
  floor: string;
  buyNow: string;
  endOption: ListingEndOption;
  industries: string[];
  keywords: string;
  descriptionZh: string;
  descriptionEn: string;
}

export function emptyCreateForm(domain = ''): CreateFormValues {
  return {
    domain,
    mode: 'fixed',
    price: '',
    startPrice: '',
    reservePrice: '',
    durationDays: 5,
    floor: '',
    buyNow: '',
    endOption: '3m',
    industries: [],
    keywords: '',
    descriptionZh: '',
    descriptionEn: '',
  };
}

export type CreateFormErrors = Partial<Record<keyof CreateFormValues, string>>;

/** The contract's field → the form's field. */
const FIELD_OF: Record<string, keyof CreateFormValues> = {
  domain: 'domain',
  mode: 'mode',
  priceCents: 'price',
  startPriceCents: 'startPrice',
  reservePriceCents: 'reservePrice',
  durationDays: 'durationDays',
  floorCents: 'floor',
  endOption: 'endOption',
  industries: 'industries',
  keywords: 'keywords',
  descriptionZh: 'descriptionZh',
  descriptionEn: 'descriptionEn',
};

/** Keywords typed with commas (either width) or new lines between them. */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,，\n]/)
    .map((k) => k.trim())
    .filter(Boolean);
}

/**
 * The request body of the form, or the localised field errors: dollar text must be a plain amount with at most
 * two decimals ('Enter a valid amount'), then the contract's schema judges (min $3.00, reserve ≥ start, …).
 */
export function createBody(
  values: CreateFormValues,
  locale: Locale,
): { body: ListingCreate; errors: null } | { body: null; errors: CreateFormErrors } {
  const errors: CreateFormErrors = {};
  const cents = (field: keyof CreateFormValues, text: string, required: boolean): number | undefined => {
    if (text.trim() === '') {
      if (required) errors[field] = fieldMessage('required', locale);
      return undefined;
    }
    const value = parseDollarsToCents(text);
    if (value === null) errors[field] = fieldMessage('amountInvalid', locale);
    return value ?? undefined;
  };
  const mode = values.mode;
  const raw: Record<string, unknown> = {
    domain: values.domain,
    mode,
    endOption: values.endOption,
  };
  if (mode === 'fixed') raw.priceCents = cents('price', values.price, true);
  if (mode === 'auction') {
    raw.startPriceCents = cents('startPrice', values.startPrice, true);
    raw.reservePriceCents = cents('reservePrice', values.reservePrice, false);
    raw.durationDays = values.durationDays;
  }
  if (mode === 'offer') {
    raw.floorCents = cents('floor', values.floor, false);
    raw.priceCents = cents('buyNow', values.buyNow, false);
  }
  if (values.industries.length > 0) raw.industries = values.industries;
  const keywords = splitKeywords(values.keywords);
  if (keywords.length > 0) raw.keywords = keywords;
  if (values.descriptionZh.trim()) raw.descriptionZh = values.descriptionZh;
  if (values.descriptionEn.trim()) raw.descriptionEn = values.descriptionEn;
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];

  const parsed = ListingCreateSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const top = String(issue.path[0] ?? '');
      let field = FIELD_OF[top];
      if (mode === 'offer' && top === 'priceCents') field = 'buyNow';
      if (field && !errors[field]) errors[field] = fieldText(issue.message, locale) ?? fieldMessage('invalid', locale);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) {
    return {
      body: null,
      errors: Object.keys(errors).length > 0 ? errors : { domain: fieldMessage('invalid', locale) },
    };
  }
  return { body: parsed.data, errors: null };
}
