import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, errorMessage, fieldMessage, isErrorCode, resolveLocale } from './errors.ts';

describe('resolveLocale', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-TW,zh;q=0.9', 'zh-CN'],
    ['ZH-hk', 'zh-CN'],
    ['en-US', 'en-US'],
    ['fr-FR,zh;q=0.5', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ])('maps %s to %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });
});

describe('error catalogue', () => {
  it('has the spec §8 codes with texts in both languages', () => {
    for (const code of [
      'Account.Unauthorized',
      'Account.Mfa.Required',
      'Account.Mfa.Required.Retry',
      'Verification.TooManyRequests',
      'Commodity.UserContactInfoIncomplete',
      'Funds.InsufficientBalance',
      'Request.Invalid',
      'Request.NotFound',
      'Csrf.Invalid',
      'Request.IdempotencyConflict',
    ]) {
      expect(isErrorCode(code)).toBe(true);
    }
    for (const code of ERROR_CODES) {
      const def = ERROR_CATALOGUE[code];
      expect(def['zh-CN'].length, code).toBeGreaterThan(0);
      expect(def['en-US'].length, code).toBeGreaterThan(0);
      expect(def.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('gives each entity with a transition table its own invalid-transition code (409)', () => {
    const codes = [
      'Order.InvalidTransition',
      'Auction.InvalidTransition',
      'Payee.InvalidTransition',
      'Settlement.InvalidTransition',
      'Recharge.InvalidTransition',
    ] as const;
    for (const code of codes) expect(ERROR_CATALOGUE[code].status, code).toBe(409);
    const texts = new Set(codes.map((code) => ERROR_CATALOGUE[code]['en-US']));
    expect(texts.size).toBe(codes.length);
  });

  it('keeps the spec messages word for word', () => {
    expect(errorMessage('Account.Locked', 'en-US')).toBe('Your account has been locked');
    expect(errorMessage('Account.EmailRegistered', 'en-US')).toBe('E-mail already registered');
    expect(errorMessage('Verification.AttemptsExceeded', 'en-US')).toBe(
      'Maximum verification code attempts exceeded. Please try again later.',
    );
    expect(errorMessage('Order.NotFound', 'en-US')).toBe('The order does not exist or has expired');
    expect(errorMessage('Request.NotFound', 'en-US')).toBe('Invalid or non-existent URL');
  });

  it('fills field-message parameters', () => {
    expect(fieldMessage('tooShort', 'en-US', { min: 10 })).toBe('Too short (at least 10 characters)');
    expect(fieldMessage('tooLong', 'zh-CN', { max: 200 })).toContain('200');
  });
});
