import { toE164 as joinE164 } from '@namebourse/contract';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { getRegionData } from './region-data.ts';

/**
 * The one phone check of the product (issue 3: "phone numbers validated with libphonenumber-js
 * against the region data's dial codes"): the code-sending route, the secure phone and the
 * contact/billing phones all use it, so a number that can receive a code can also be saved.
 */
export interface NormalisedPhone {
  /** National significant number, digits only. */
  phone: string;
  /** Dial code digits without '+', a `p` of the region data. */
  phoneCountryCode: string;
  /** '+<dial code><national number>'. */
  e164: string;
}

let dialCodes: Set<string> | undefined;

/** Whether a dial code (digits, e.g. '86') is a `p` of the served region data. */
export function isKnownDialCode(dialCode: string): boolean {
  dialCodes ??= new Set((JSON.parse(getRegionData().json.toString('utf8')) as { p: string }[]).map((entry) => entry.p));
  return dialCodes.has(dialCode);
}

/** Number types an SMS phone may have; undefined where the metadata cannot tell. */
const MOBILE_TYPES = new Set([undefined, 'MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * Parses a phone with its country: dial-code digits ('86', '+86', which must be a region-data `p`),
 * an ISO country ('CN'), or nothing when the number itself starts with '+'. Null when invalid;
 * `mobileOnly` also refuses numbers known to be landlines, toll-free, …
 */
export function parsePhone(
  phoneCountryCode: string | undefined,
  phone: string,
  options: { mobileOnly?: boolean } = {},
): NormalisedPhone | null {
  const raw = phone.trim();
  const cc = (phoneCountryCode ?? '').trim().replace(/^\+/, '');
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  if (/^[A-Za-z]{2}$/.test(cc)) {
    if (!isSupportedCountry(cc.toUpperCase())) return null;
    parsed = parsePhoneNumberFromString(raw, cc.toUpperCase() as CountryCode);
  } else if (/^\d{1,4}$/.test(cc)) {
    if (!isKnownDialCode(cc)) return null;
    parsed = parsePhoneNumberFromString(joinE164(cc, raw));
    if (parsed && parsed.countryCallingCode !== cc) return null;
  } else if (cc === '' && raw.startsWith('+')) {
    parsed = parsePhoneNumberFromString(raw);
  }
  if (!parsed?.isValid()) return null;
  if (options.mobileOnly && !MOBILE_TYPES.has(parsed.getType())) return null;
  return {
    phone: String(parsed.nationalNumber),
    phoneCountryCode: String(parsed.countryCallingCode),
    e164: String(parsed.number),
  };
}
