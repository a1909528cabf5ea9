import { PHONE_INPUT_PATTERN, phoneDigits } from '@namebourse/contract';

/** A quick check before asking for a code (the server checks the number fully with libphonenumber). */
export function looksLikePhone(phone: string): boolean {
  return PHONE_INPUT_PATTERN.test(phone.trim());
}

/** Whether a typed phone differs from the stored one (a new phone needs a verification code). */
export function isNewPhone(
  typed: { phone: string; phoneCountryCode: string },
  stored: { phone: string; phoneCountryCode: string; verified: boolean },
): boolean {
  const digits = phoneDigits(typed.phone.trim()).replace(/^0+/, '');
  if (!digits) return false;
  if (!stored.verified || !stored.phone) return true;
  return digits !== stored.phone.replace(/^0+/, '') || typed.phoneCountryCode !== stored.phoneCountryCode;
}

/** '+86 138****5678' for display. */
export function maskPhone(phoneCountryCode: string, phone: string): string {
  if (!phone) return '';
  const masked = phone.length > 6 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
  return phoneCountryCode ? `+${phoneCountryCode} ${masked}` : masked;
}
