import { describe, expect, it } from 'vitest';
import {
  brandName,
  cardBrand,
  formatCardNumber,
  formatExpiry,
  isExpired,
  luhnValid,
  parseExpiry,
  sandboxCardSchema,
  TEST_CARDS,
} from './card.ts';

const NOW = new Date(2026, 5, 15); // June 2026

describe('card helpers', () => {
  it('formats the number in groups of four and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/2')).toBe('12/2');
    expect(formatExpiry('1')).toBe('1');
  });

  it('checks Luhn: both sandbox test cards pass, a typo does not', () => {
    expect(luhnValid(TEST_CARDS.success.replace(/ /g, ''))).toBe(true);
    expect(luhnValid(TEST_CARDS.declined.replace(/ /g, ''))).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('reads expiry dates and knows when a card has expired (valid through its month)', () => {
    expect(parseExpiry('06/26')).toEqual({ expMonth: 6, expYear: 2026 });
    expect(parseExpiry('13/26')).toBeNull();
    expect(parseExpiry('6/26')).toBeNull();
    expect(isExpired({ expMonth: 6, expYear: 2026 }, NOW)).toBe(false);
    expect(isExpired({ expMonth: 5, expYear: 2026 }, NOW)).toBe(true);
    expect(isExpired({ expMonth: 1, expYear: 2025 }, NOW)).toBe(true);
  });

  it('guesses the brand', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555 5555')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('6212')).toBe('unionpay');
    expect(cardBrand('9')).toBeNull();
  });
});

describe('sandboxCardSchema', () => {
  const schema = sandboxCardSchema(() => NOW);

  it('outputs the card the provider expects', () => {
    expect(
      schema.parse({
        number: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
        holder: ' Ada Lovelace ',
        saveCard: true,
      }),
    ).toEqual({
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', holder: 'Ada Lovelace' },
      saveCard: true,
    });
  });

  it('names each wrong field with a funds message key', () => {
    const messages = (input: Parameters<typeof schema.safeParse>[0]) =>
      Object.fromEntries((schema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages({ number: '', expiry: '', cvc: '', holder: '', saveCard: false })).toEqual({
      number: 'sandbox.card.errors.numberRequired',
      expiry: 'sandbox.card.errors.expiryRequired',
      cvc: 'sandbox.card.errors.cvcInvalid',
      holder: 'sandbox.card.errors.holderRequired',
    });
    expect(
      messages({ number: '4242 4242 4242 4241', expiry: '05/26', cvc: '12', holder: 'x'.repeat(61), saveCard: false }),
    ).toEqual({
      number: 'sandbox.card.errors.numberInvalid',
      expiry: 'sandbox.card.errors.expired',
      cvc: 'sandbox.card.errors.cvcInvalid',
      holder: 'sandbox.card.errors.holderTooLong',
    });
    expect(
      messages({ number: TEST_CARDS.declined, expiry: '00/30', cvc: '1234', holder: 'A', saveCard: false }),
    ).toEqual({
      expiry: 'sandbox.card.errors.expiryInvalid',
    });
  });
});

describe('brandName', () => {
  it('writes brands as people do', () => {
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('mastercard')).toBe('Mastercard');
    expect(brandName('card')).toBe('Card');
    expect(brandName('maestro')).toBe('maestro');
  });
});
