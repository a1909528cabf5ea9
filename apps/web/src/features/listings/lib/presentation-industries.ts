import { INDUSTRIES, INDUSTRY_KEYS, type Industry, type Locale } from '@namebourse/contract';

/** An industry's name in the reader's language (the key itself for one the list does not know). */
export function industryName(key: string, locale: Locale): string {
  return Object.hasOwn(INDUSTRIES, key) ? INDUSTRIES[key as Industry][locale] : key;
}

/** Every industry, in the contract's order. */
export const INDUSTRY_CHOICES: readonly Industry[] = INDUSTRY_KEYS;
