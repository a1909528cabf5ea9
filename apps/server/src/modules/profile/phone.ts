import { toE164 } from '@namebourse/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isKnownDialCode } from './regions.ts';

export interface NormalisedPhone {
  /** National significant number, digits only. */
  phone: string;
  /** Dial code digits without '+', a `p` of the region data. */
  phoneCountryCode: string;
  /** '+<dial code><national number>'. */
  e164: string;
}

/** Number types a contact (SMS) phone may have; undefined where the metadata cannot tell. */
const MOBILE_TYPES = new Set([undefined, 'MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * Validates a phone number against its dial code (which must be one of the region data's) with
 * libphonenumber-js; null when invalid. `mobileOnly` refuses numbers known to be landlines, toll-free …
 */
export function normalisePhone(
  phoneCountryCode: string,
  phone: string,
  options: { mobileOnly?: boolean } = {},
): NormalisedPhone | null {
  const dialCode = phoneCountryCode.trim().replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(dialCode) || !isKnownDialCode(dialCode)) return null;
  const parsed = parsePhoneNumberFromString(toE164(dialCode, phone));
  if (!parsed || parsed.countryCallingCode !== dialCode || !parsed.isValid()) return null;
  if (options.mobileOnly && !MOBILE_TYPES.has(parsed.getType())) return null;
  return { phone: String(parsed.nationalNumber), phoneCountryCode: dialCode, e164: String(parsed.number) };
}
