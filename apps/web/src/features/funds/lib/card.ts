import type { SandboxComplete } from '@namebourse/contract';
import { z } from 'zod';

/** The sandbox's test cards (the provider's documented behaviour). */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;
export type TestCardKind = keyof typeof TEST_CARDS;
export const TEST_CARD_KINDS = Object.keys(TEST_CARDS) as TestCardKind[];

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
  discover: 'Discover',
};

/** A card brand as people write it ('visa' → 'Visa'); an unknown brand as the provider named it. */
export function brandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? (brand === 'card' ? 'Card' : brand);
}

export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** '4242424242424242' → '4242 4242 4242 4242' while typing (at most 19 digits). */
export function formatCardNumber(input: string): string {
  return (
    cardDigits(input)
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** '1228' or '12/28' → '12/28' while typing. */
export function formatExpiry(input: string): string {
  const digits = cardDigits(input).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn check digit test every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' → month and four-digit year; null when not a month. */
export function parseExpiry(input: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input);
  if (!m) return null;
  const expMonth = Number(m[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(m[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { expMonth: number; expYear: number }, now: Date): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return expiry.expYear < year || (expiry.expYear === year && expiry.expMonth < month);
}

/** The brand a number starts like (for the field's adornment). */
export function cardBrand(input: string): 'visa' | 'mastercard' | 'amex' | 'unionpay' | null {
  const digits = cardDigits(input);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^62/.test(digits)) return 'unionpay';
  return null;
}

/**
 * The card form of the sandbox checkout. Messages are keys of the funds namespace ('sandbox.card.errors.*').
 * `now` decides what is expired.
 */
export function sandboxCardSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      number: z.string(),
      expiry: z.string(),
      cvc: z.string(),
      holder: z.string(),
      saveCard: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const digits = cardDigits(v.number);
      if (!digits) ctx.addIssue({ code: 'custom', path: ['number'], message: 'sandbox.card.errors.numberRequired' });
      else if (digits.length < 12 || digits.length > 19 || !luhnValid(digits))
        ctx.addIssue({ code: 'custom', path: ['number'], message: 'sandbox.card.errors.numberInvalid' });
      const expiry = parseExpiry(v.expiry);
      if (!v.expiry.trim())
        ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'sandbox.card.errors.expiryRequired' });
      else if (!expiry)
        ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'sandbox.card.errors.expiryInvalid' });
      else if (isExpired(expiry, now()))
        ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'sandbox.card.errors.expired' });
      if (!/^\d{3,4}$/.test(v.cvc.trim()))
        ctx.addIssue({ code: 'custom', path: ['cvc'], message: 'sandbox.card.errors.cvcInvalid' });
      const holder = v.holder.trim();
      if (!holder) ctx.addIssue({ code: 'custom', path: ['holder'], message: 'sandbox.card.errors.holderRequired' });
      else if (holder.length > 60)
        ctx.addIssue({ code: 'custom', path: ['holder'], message: 'sandbox.card.errors.holderTooLong' });
    })
    .transform((v): Required<Pick<SandboxComplete, 'card' | 'saveCard'>> => {
      const expiry = parseExpiry(v.expiry) ?? { expMonth: 1, expYear: 2000 };
      return {
        card: { number: formatCardNumber(v.number), ...expiry, cvc: v.cvc.trim(), holder: v.holder.trim() },
        saveCard: v.saveCard,
      };
    });
}
export type SandboxCardInput = z.input<ReturnType<typeof sandboxCardSchema>>;

/** Every message key the card form can produce (for the locale test). */
export const CARD_ERROR_KEYS = [
  'numberRequired',
  'numberInvalid',
  'expiryRequired',
  'expiryInvalid',
  'expired',
  'cvcInvalid',
  'holderRequired',
  'holderTooLong',
].map((key) => `sandbox.card.errors.${key}`);
