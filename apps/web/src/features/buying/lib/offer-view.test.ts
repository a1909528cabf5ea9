import { describe, expect, it } from 'vitest';
import { amountProblem, awaitsPayment, proceedsAt, rejectKind, totalAt, turnOf } from './offer-view.ts';

describe('offer view rules', () => {
  it('say whose move an offer waits for', () => {
    expect(turnOf({ status: 'open', role: 'seller' })).toBe('you');
    expect(turnOf({ status: 'open', role: 'buyer' })).toBe('them');
    expect(turnOf({ status: 'countered', role: 'buyer' })).toBe('you');
    expect(turnOf({ status: 'countered', role: 'seller' })).toBe('them');
    expect(turnOf({ status: 'accepted', role: 'buyer' })).toBeNull();
  });

  it('name the rejection by side and step', () => {
    expect(rejectKind({ status: 'open', role: 'seller' })).toBe('reject');
    expect(rejectKind({ status: 'open', role: 'buyer' })).toBe('withdraw');
    expect(rejectKind({ status: 'countered', role: 'buyer' })).toBe('decline');
  });

  it('check an amount as the server does: $3 at least, the floor for a buyer', () => {
    const buyer = { role: 'buyer' as const, floorCents: 50_000 };
    expect(amountProblem(null, buyer)).toEqual({ problem: 'required' });
    expect(amountProblem(299, buyer)).toEqual({ problem: 'tooLow', minCents: 300 });
    expect(amountProblem(49_999, buyer)).toEqual({ problem: 'belowFloor', minCents: 50_000 });
    expect(amountProblem(50_000, buyer)).toBeNull();
    expect(amountProblem(40_000, { role: 'seller', floorCents: 50_000 })).toBeNull();
    expect(amountProblem(10_000_000_001, buyer)).toEqual({ problem: 'tooBig' });
  });

  it('work out the net and the total at a typed amount', () => {
    expect(proceedsAt(120_000, 500)).toEqual({ commissionCents: 6_000, netCents: 114_000 });
    expect(totalAt(120_000, 600)).toEqual({ taxCents: 7_200, totalCents: 127_200 });
    expect(totalAt(120_000, 825)).toEqual({ taxCents: 9_900, totalCents: 129_900 });
  });

  it('know an accepted offer whose order waits for payment', () => {
    expect(awaitsPayment({ orderId: 'O1', orderStatus: 'awaiting_payment' })).toBe(true);
    expect(awaitsPayment({ orderId: 'O1', orderStatus: 'paid_awaiting_delivery' })).toBe(false);
    expect(awaitsPayment({ orderId: null, orderStatus: null })).toBe(false);
  });
});
