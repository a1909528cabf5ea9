import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** '+8613812345678' → '138****5678' (the national number, its middle hidden). */
export function maskPhone(e164: string): string {
  const national = parsePhoneNumberFromString(e164)?.nationalNumber ?? e164.replace(/\D/g, '');
  if (national.length <= 4) return '*'.repeat(national.length);
  const head = national.length >= 7 ? 3 : 1;
  const tail = national.length >= 7 ? 4 : 2;
  return `${national.slice(0, head)}****${national.slice(-tail)}`;
}

/** 'alice@example.com' → 'a***@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
