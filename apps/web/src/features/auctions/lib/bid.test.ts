import { ERROR_CODES, errorMessage } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { bidFormSchema, bidRequestOf, checkBid, depositPlan, lotOutcome, myStanding, saysBidFailed } from './bid.ts';

describe('bid form rules', () => {
  it('needs at least the minimum next bid, and a maximum not below the bid', () => {
    expect(checkBid('105', '', 10_500)).toEqual({ amountCents: 10_500, maxAmountCents: null, errors: {} });
    expect(checkBid('104.99', '', 10_500).errors).toEqual({ amount: 'belowMin' });
    expect(checkBid('', '', 10_500).errors).toEqual({ amount: 'required' });
    expect(checkBid('1.001', '', 100).errors).toEqual({ amount: 'invalid' });
    expect(checkBid('200', '150', 10_500).errors).toEqual({ max: 'maxBelowAmount' });
    expect(checkBid('200', '500.5', 10_500)).toMatchObject({ maxAmountCents: 50_050, errors: {} });
  });

  it('shows the deposit a bid needs, what is held and what is added', () => {
    const fresh = { myDepositCents: 0, myMaxBidCents: null };
    const rule = { depositMinCents: 1_000, depositRateBps: 1_000 };
    // max($10, 10%): a $50 bid needs $10, a $500 maximum $50.
    expect(depositPlan(fresh, 5_000, null, rule)).toEqual({ totalCents: 1_000, heldCents: 0, addCents: 1_000 });
    expect(depositPlan(fresh, 5_000, 50_000, rule)).toEqual({ totalCents: 5_000, heldCents: 0, addCents: 5_000 });
    expect(depositPlan({ myDepositCents: 5_000, myMaxBidCents: 50_000 }, 20_000, 80_000, rule)).toEqual({
      totalCents: 8_000,
      heldCents: 5_000,
      addCents: 3_000,
    });
  });

  it('follows the deposit rule in force (parameters): max($25, 12.5%)', () => {
    const rule = { depositMinCents: 2_500, depositRateBps: 1_250 };
    const fresh = { myDepositCents: 0, myMaxBidCents: null };
    expect(depositPlan(fresh, 10_000, null, rule).totalCents).toBe(2_500);
    expect(depositPlan(fresh, 10_000, 100_001, rule).totalCents).toBe(12_501); // 12,500.125 rounds up
  });

  it('says where I stand and how the lot ended for me', () => {
    expect(myStanding({ myMaxBidCents: null, isLeading: false, hasExited: false })).toBeNull();
    expect(myStanding({ myMaxBidCents: 100, isLeading: true, hasExited: false })).toBe('leading');
    expect(myStanding({ myMaxBidCents: 100, isLeading: false, hasExited: false })).toBe('outbid');
    const ended = { status: 'ended' as const, winningPriceCents: 2_000 };
    expect(lotOutcome({ ...ended, isLeading: true, myMaxBidCents: 3_000 })).toBe('won');
    expect(lotOutcome({ ...ended, isLeading: false, myMaxBidCents: 1_000 })).toBe('lost');
    expect(lotOutcome({ ...ended, winningPriceCents: null, isLeading: false, myMaxBidCents: null })).toBe('no_winner');
    expect(lotOutcome({ ...ended, status: 'bidding', isLeading: true, myMaxBidCents: 1 })).toBeNull();
  });
});

describe('bid form schema and request', () => {
  it('reports the form rules per field as bid.errors keys', () => {
    const schema = bidFormSchema(10_500);
    expect(schema.safeParse({ amount: '105', max: '' }).success).toBe(true);
    const refused = schema.safeParse({ amount: '104', max: '100' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amount', 'belowMin'],
      ['max', 'maxBelowAmount'],
    ]);
  });

  it("builds the contract's request in cents, without a maximum when none was typed", () => {
    expect(bidRequestOf({ amount: '105.5', max: '' })).toEqual({ amountCents: 10_550 });
    expect(bidRequestOf({ amount: '105', max: '1,200' })).toEqual({ amountCents: 10_500, maxAmountCents: 120_000 });
    expect(() => bidRequestOf({ amount: '', max: '' })).toThrow();
  });
});

describe('refusals of a bid', () => {
  it("knows by code which catalogue messages already open with 'Bid Failed', in both languages", () => {
    for (const code of ERROR_CODES) {
      const worded = errorMessage(code, 'en-US').startsWith('Bid Failed');
      expect(saysBidFailed(code), code).toBe(worded);
      expect(errorMessage(code, 'zh-CN').startsWith('出价失败'), code).toBe(worded);
    }
  });
});
