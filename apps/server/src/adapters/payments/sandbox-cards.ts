/**
 * The sandbox provider's test cards, after Stripe's test mode. Any other number that passes the
 * Luhn check is accepted and succeeds; an expiry date in the past is declined as `expired_card`.
 */
export const SANDBOX_TEST_CARDS = {
  /** Succeeds. */
  success: '4242424242424242',
  /** Succeeds (Mastercard). */
  successMastercard: '5555555555554444',
  /** Declined: `card_declined`. */
  declined: '4000000000000002',
  /** Declined: `insufficient_funds`. */
  insufficientFunds: '4000000000009995',
  /** The payment succeeds and the card can be saved, but later charges on the saved card are declined. */
  declinesWhenSaved: '4000000000000341',
} as const;

export type CardDecline = 'card_declined' | 'insufficient_funds' | 'expired_card';

/** The digits of a card number as typed ('4242 4242 4242 4242'). */
export function cardDigits(number: string): string {
  return number.replace(/\s+/g, '');
}

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^35/.test(digits)) return 'jcb';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** True when the card's last valid month is before `now` (cards are valid through the end of their month). */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expYear < y || (expYear === y && expMonth < m);
}

/** How a payment with this card goes, when paid now on the hosted page. */
export function checkoutDecline(digits: string, expMonth: number, expYear: number, now: Date): CardDecline | null {
  if (isExpired(expMonth, expYear, now)) return 'expired_card';
  if (digits === SANDBOX_TEST_CARDS.declined) return 'card_declined';
  if (digits === SANDBOX_TEST_CARDS.insufficientFunds) return 'insufficient_funds';
  return null;
}

/** Whether later charges on this card, once saved, are declined. */
export function declinesWhenSaved(digits: string): boolean {
  return digits === SANDBOX_TEST_CARDS.declinesWhenSaved;
}
