import { FUNDS_LIMITS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import {
  centsToInput,
  checkRechargeAmount,
  formatPercent,
  prefillAmount,
  rechargeFeeBpsOf,
  rechargeFormSchema,
  rechargeQuote,
} from './amount.ts';

describe('checkRechargeAmount', () => {
  it('turns typed dollars into integer cents', () => {
    expect(checkRechargeAmount('20')).toEqual({ ok: true, cents: 2_000 });
    expect(checkRechargeAmount(' 20.5 ')).toEqual({ ok: true, cents: 2_050 });
    expect(checkRechargeAmount('5.00')).toEqual({ ok: true, cents: 500 });
    expect(checkRechargeAmount('1,234.56')).toEqual({ ok: true, cents: 123_456 });
    expect(checkRechargeAmount('0.29')).toEqual({ ok: false, problem: 'rechargeMin' });
  });

  it('refuses empty, malformed, more than two decimals, and amounts outside the limits', () => {
    expect(checkRechargeAmount('')).toEqual({ ok: false, problem: 'required' });
    expect(checkRechargeAmount('   ')).toEqual({ ok: false, problem: 'required' });
    expect(checkRechargeAmount('abc')).toEqual({ ok: false, problem: 'amountInvalid' });
    expect(checkRechargeAmount('20.555')).toEqual({ ok: false, problem: 'amountInvalid' });
    expect(checkRechargeAmount('-20')).toEqual({ ok: false, problem: 'amountInvalid' });
    expect(checkRechargeAmount('1e3')).toEqual({ ok: false, problem: 'amountInvalid' });
    expect(checkRechargeAmount('4.99')).toEqual({ ok: false, problem: 'rechargeMin' });
    expect(checkRechargeAmount(String(FUNDS_LIMITS.rechargeMaxCents / 100))).toMatchObject({ ok: true });
    expect(checkRechargeAmount(`${FUNDS_LIMITS.rechargeMaxCents / 100}.01`)).toEqual({
      ok: false,
      problem: 'topup.amountMax',
    });
  });
});

describe('rechargeQuote', () => {
  it('adds the method fee on top at the rate in force: card 3%, Alipay 1.5%', () => {
    expect(rechargeQuote(2_000, 'card', 300)).toEqual({
      amountCents: 2_000,
      feePercent: 3,
      feeCents: 60,
      totalCents: 2_060,
    });
    expect(rechargeQuote(2_000, 'alipay', 150)).toEqual({
      amountCents: 2_000,
      feePercent: 1.5,
      feeCents: 30,
      totalCents: 2_030,
    });
  });

  it('rounds the fee half up to a cent and keeps integer cents', () => {
    // 5.17 * 1.5% = 7.755 cents → 8; 5.10 * 1.5% = 7.65 → 8; 5.03 * 1.5% = 7.545 → 8; 5.00 * 1.5% = 7.5 → 8
    expect(rechargeQuote(517, 'alipay', 150).feeCents).toBe(8);
    expect(rechargeQuote(500, 'alipay', 150).feeCents).toBe(8);
    expect(rechargeQuote(533, 'card', 300).feeCents).toBe(16); // 15.99 → 16
    for (const cents of [500, 999, 1_234, 99_999]) {
      const quote = rechargeQuote(cents, 'card', 300);
      expect(Number.isInteger(quote.feeCents)).toBe(true);
      expect(quote.totalCents).toBe(cents + quote.feeCents);
    }
  });

  it('follows a changed rate (a parameter): 2.95% of $20.00 is $0.59', () => {
    expect(rechargeQuote(2_000, 'card', 295)).toEqual({
      amountCents: 2_000,
      feePercent: 2.95,
      feeCents: 59,
      totalCents: 2_059,
    });
    expect(rechargeQuote(2_000, 'alipay', 0).feeCents).toBe(0);
  });

  it('reads the rate of each method from the public parameters', () => {
    const parameters = { rechargeFeeCardBps: 250, rechargeFeeAlipayBps: 90 };
    expect(rechargeFeeBpsOf(parameters, 'card')).toBe(250);
    expect(rechargeFeeBpsOf(parameters, 'alipay')).toBe(90);
  });
});

describe('formatPercent', () => {
  it('shows the rate in the UI language', () => {
    expect(formatPercent(3, 'en-US')).toBe('3%');
    expect(formatPercent(1.5, 'en-US')).toBe('1.5%');
    expect(formatPercent(1.5, 'zh-CN')).toBe('1.5%');
  });
});

describe('prefilled amounts', () => {
  it('writes cents back as the typed form', () => {
    expect(centsToInput(2_000)).toBe('20');
    expect(centsToInput(2_050)).toBe('20.50');
    expect(centsToInput(505)).toBe('5.05');
  });

  it('reads ?amount, raising it to the minimum and ignoring junk', () => {
    expect(prefillAmount('12.5')).toBe('12.50');
    expect(prefillAmount('1.20')).toBe('5');
    expect(prefillAmount('0')).toBeNull();
    expect(prefillAmount('x')).toBeNull();
    expect(prefillAmount(null)).toBeNull();
    expect(prefillAmount('99999999')).toBe(centsToInput(FUNDS_LIMITS.rechargeMaxCents));
  });
});

describe('rechargeFormSchema', () => {
  it('outputs the API request: cents, method, and the saved card only for card payments', () => {
    expect(rechargeFormSchema.parse({ amount: '20', method: 'card', cardId: '' })).toEqual({
      amountCents: 2_000,
      method: 'card',
    });
    expect(rechargeFormSchema.parse({ amount: '20', method: 'card', cardId: 'C1' })).toEqual({
      amountCents: 2_000,
      method: 'card',
      cardId: 'C1',
    });
    expect(rechargeFormSchema.parse({ amount: '20', method: 'alipay', cardId: 'C1' })).toEqual({
      amountCents: 2_000,
      method: 'alipay',
    });
  });

  it('puts the amount problem under the amount field as a message key', () => {
    const result = rechargeFormSchema.safeParse({ amount: '4', method: 'card', cardId: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amount', 'rechargeMin'],
    ]);
  });
});
