import { ORDER_LIMITS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { isPayable, payByFrom } from './orders.rules.ts';

const now = new Date('2026-01-05T10:00:00.000Z');

describe('orders rules', () => {
  it('pay-by is the payment window (72 hours) after the order is created', () => {
    expect(ORDER_LIMITS.payWindowHours).toBe(72);
    expect(payByFrom(now).toISOString()).toBe('2026-01-08T10:00:00.000Z');
    expect(payByFrom(now, 1).getTime() - now.getTime()).toBe(3_600_000);
  });

  it('an order is payable while it awaits payment and its window is open', () => {
    const payBy = payByFrom(now);
    expect(isPayable({ status: 'awaiting_payment', payBy }, now)).toBe(true);
    expect(isPayable({ status: 'awaiting_payment', payBy: null }, now)).toBe(true);
    expect(isPayable({ status: 'awaiting_payment', payBy }, new Date(payBy.getTime() - 1))).toBe(true);
    // The deadline itself is too late.
    expect(isPayable({ status: 'awaiting_payment', payBy }, payBy)).toBe(false);
    expect(isPayable({ status: 'paid_awaiting_delivery', payBy }, now)).toBe(false);
    expect(isPayable({ status: 'expired', payBy: null }, now)).toBe(false);
  });
});
