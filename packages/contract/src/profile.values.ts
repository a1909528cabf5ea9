import type { FieldMessageKey } from './errors.ts';
import type { NotificationPreferences, Settings } from './profile.ts';

/** profile: the constants and rules that need no schema (pages import them without zod; see profile.ts). */

export const PROFILE_LIMITS = {
  nameMax: 50,
  companyMax: 100,
  nicknameMin: 1,
  nicknameMax: 20,
  cityMax: 100,
  addressMin: 10,
  addressMax: 200,
  postalCodeMax: 16,
  taxIdMax: 30,
  phoneMax: 20,
} as const;

/** Company names in English or Pinyin: Latin letters, digits, spaces and . , & ' ( ) - */
export const LATIN_TEXT_PATTERN = /^[A-Za-z0-9 .,&'()-]*$/;

export function isLatinText(value: string): boolean {
  return LATIN_TEXT_PATTERN.test(value);
}

/** A dial code as in the region data's `p`: 1–4 digits without '+'. */
export const DIAL_CODE_PATTERN = /^\d{1,4}$/;

/** A national number as typed: digits with optional spaces or hyphens. */
export const PHONE_INPUT_PATTERN = /^[0-9][0-9 -]{3,18}[0-9]$/;

export const VERIFY_CODE_PATTERN = /^\d{6}$/;

/** Digits of a typed phone number (spaces and hyphens dropped). */
export function phoneDigits(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** '+<dial code><national number>' (the outbox and verification-code target form). */
export function toE164(phoneCountryCode: string, phone: string): string {
  return `+${phoneCountryCode.replace(/^\+/, '')}${phoneDigits(phone).replace(/^0+/, '')}`;
}

/** Countries without postal codes (or where they are optional). */
export const POSTAL_CODE_OPTIONAL = ['HK', 'MO', 'AE', 'QA', 'IE', 'BS', 'BZ', 'FJ', 'GH', 'JM'] as const;

const POSTAL_PATTERNS: Record<string, RegExp> = {
  CN: /^\d{6}$/,
  US: /^\d{5}(-\d{4})?$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  JP: /^\d{3}-?\d{4}$/,
  TW: /^\d{3}(\d{2,3})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  KR: /^\d{5}$/,
  SG: /^\d{6}$/,
  IN: /^\d{6}$/,
  AU: /^\d{4}$/,
};

/** Any other country: 2–12 letters, digits, spaces or hyphens, starting and ending with a letter or digit. */
const GENERIC_POSTAL_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,10}[A-Za-z0-9])?$/;

export function isPostalCodeOptional(country: string): boolean {
  return (POSTAL_CODE_OPTIONAL as readonly string[]).includes(country.toUpperCase());
}

/** Checks a postal code for a country (ISO alpha-2); an empty one is valid only where postal codes are optional. */
export function isValidPostalCode(country: string, postalCode: string): boolean {
  const code = postalCode.trim();
  const upper = country.toUpperCase();
  if (code === '') return isPostalCodeOptional(upper);
  const pattern = POSTAL_PATTERNS[upper] ?? GENERIC_POSTAL_PATTERN;
  return pattern.test(code) && code.length >= 2 && code.length <= PROFILE_LIMITS.postalCodeMax;
}

/** A code in each pattern's format, shown by the message that refuses a postal code (language-neutral). */
export const POSTAL_CODE_EXAMPLES: Record<string, string> = {
  CN: '518057',
  US: '94105 / 94105-1234',
  GB: 'SW1A 1AA',
  JP: '100-0005',
  TW: '100 / 10048',
  CA: 'K1A 0B6',
  DE: '10115',
  FR: '75001',
  KR: '03187',
  SG: '018956',
  IN: '110001',
  AU: '2000',
};

/** A field message: a FIELD_MESSAGES key and its parameters. */
export interface FieldProblem {
  key: FieldMessageKey;
  params?: Record<string, string>;
}

/**
 * Why a postal code is refused for a country, as the field message that says what is expected:
 * 'required' when the country needs one, the country's format by example (postalCodeFormat), or
 * the general rule (postalCodeGeneric); null when it is valid.
 */
export function postalCodeProblem(country: string, postalCode: string): FieldProblem | null {
  if (isValidPostalCode(country, postalCode)) return null;
  if (postalCode.trim() === '') return { key: 'required' };
  const example = POSTAL_CODE_EXAMPLES[country.toUpperCase()];
  return example ? { key: 'postalCodeFormat', params: { example } } : { key: 'postalCodeGeneric' };
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * The shape of a unified social credit code: the registration authority and entity type (2), the
 * administrative division (6 digits), the organisation code (9) and the check character, all from
 * USCC_CHARS (no I, O, S, V or Z).
 */
const USCC_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** China's unified social credit code (GB 32100-2015): 18 characters with a check character. */
export function isValidUnifiedSocialCreditCode(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (!USCC_PATTERN.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(code[i] as string) * (USCC_WEIGHTS[i] as number);
  const check = (31 - (sum % 31)) % 31;
  return USCC_CHARS[check] === code[17];
}

/** Elsewhere: 5–30 letters, digits or hyphens (spaces ignored). */
const GENERIC_TAX_ID_PATTERN = /^[A-Za-z0-9-]{5,30}$/;

/** Checks a tax id for the billing country; an empty one is valid (the tax id is optional). */
export function isValidTaxId(country: string, taxId: string): boolean {
  return taxIdProblem(country, taxId) === null;
}

/**
 * Why a tax id is refused for the billing country, as the field-message key that says what is
 * expected: in China the shape of a unified social credit code (taxIdUscc) or its check character
 * (taxIdUsccCheck, GB 32100-2015); elsewhere the general rule (taxIdOther). Null when valid or empty.
 */
export function taxIdProblem(country: string, taxId: string): 'taxIdUscc' | 'taxIdUsccCheck' | 'taxIdOther' | null {
  const value = taxId.trim();
  if (value === '') return null;
  if (country.toUpperCase() === 'CN') {
    if (!USCC_PATTERN.test(value.toUpperCase())) return 'taxIdUscc';
    return isValidUnifiedSocialCreditCode(value) ? null : 'taxIdUsccCheck';
  }
  return GENERIC_TAX_ID_PATTERN.test(value.replace(/\s/g, '')) && /[0-9]/.test(value) ? null : 'taxIdOther';
}

/** An IANA time zone the runtime knows (Intl). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  if (supported?.includes(timeZone) || timeZone === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(timeZone);
  } catch {
    return false;
  }
}

/**
 * The six e-mail switches of the settings page (issue 18): each decides whether one category of
 * notices is also e-mailed (notifications.ts `emailCategoryOf` maps every message kind to one).
 * `offers` and `selling` replaced `auctionEnding` and `marketing`, which no e-mail ever used: a stored
 * `auctionEnding` choice carries over to `offers` (LEGACY_NOTIFICATION_KEYS).
 */
export const NOTIFICATION_KEYS = ['outbid', 'auctionWon', 'paymentDue', 'delivery', 'offers', 'selling'] as const;

export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

/** Stored keys of earlier versions and the switch that now holds their choice. */
export const LEGACY_NOTIFICATION_KEYS: Readonly<Record<string, NotificationKey>> = { auctionEnding: 'offers' };

export const DEFAULT_SETTINGS = {
  language: 'zh-CN',
  timeZone: 'Asia/Shanghai',
  notifications: {
    outbid: true,
    auctionWon: true,
    paymentDue: true,
    delivery: true,
    offers: true,
    selling: true,
  },
  digest: false,
} as const satisfies Settings;

/** The switches from a stored value: the current keys, else a legacy key's choice, else the default. */
export function notificationPreferencesOf(stored: Record<string, unknown> | null | undefined): NotificationPreferences {
  const out: NotificationPreferences = { ...DEFAULT_SETTINGS.notifications };
  for (const [legacy, key] of Object.entries(LEGACY_NOTIFICATION_KEYS)) {
    const value = stored?.[legacy];
    if (typeof value === 'boolean') out[key] = value;
  }
  for (const key of NOTIFICATION_KEYS) {
    const value = stored?.[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}
