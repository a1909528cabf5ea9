import { BUYING_RULES, ORDER_LIMITS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { deliverAtOnPayment, isPayable, payByFrom, saleSplit, unpaidStatus } from './orders.rules.ts';

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

describe('delivery date at payment', () => {
  const DAY = 86_400_000;
  const base = { source: 'fixed' as const, deliverAt: null };

  it('a domain held here is handed over at once; a seller lot keeps its (past) date from the close', () => {
    expect(deliverAtOnPayment({ ...base, delivery: 'handover' }, now)).toEqual(now);
    const closedAt = new Date(now.getTime() - DAY);
    expect(deliverAtOnPayment({ source: 'auction', delivery: 'handover', deliverAt: closedAt }, now)).toEqual(closedAt);
    // A date still ahead is not waited for.
    const later = new Date(now.getTime() + DAY);
    expect(deliverAtOnPayment({ source: 'auction', delivery: 'handover', deliverAt: later }, now)).toEqual(now);
  });

  it('a domain held elsewhere must be pushed within the external delivery days of the payment', () => {
    expect(BUYING_RULES.externalDeliveryDays).toBe(7);
    expect(deliverAtOnPayment({ ...base, delivery: 'seller_push' }, now)?.toISOString()).toBe(
      '2026-01-12T10:00:00.000Z',
    );
    expect(deliverAtOnPayment({ ...base, delivery: 'seller_push' }, now, 3)?.getTime()).toBe(now.getTime() + 3 * DAY);
  });

  it('a partner lot keeps its date, else waits for the registry; a renewal gets none', () => {
    const set = new Date('2026-02-01T00:00:00.000Z');
    expect(deliverAtOnPayment({ source: 'auction', delivery: 'registry', deliverAt: set }, now)).toEqual(set);
    expect(deliverAtOnPayment({ source: 'auction', delivery: 'registry', deliverAt: null }, now)?.getTime()).toBe(
      now.getTime() + ORDER_LIMITS.deliveryWaitDays * DAY,
    );
    expect(deliverAtOnPayment({ source: 'renewal', delivery: null, deliverAt: null }, now)).toBeNull();
  });
});

describe('a sale split and an unpaid order', () => {
  it('the seller nets the price less the commission at the order rate; the tax goes to the platform', () => {
    expect(saleSplit({ amountExTaxCents: 10_000, taxCents: 600, commissionBps: 500 })).toEqual({
      commissionCents: 500,
      netCents: 9_500,
      taxCents: 600,
    });
    // The locked rate of the listing applies; none → today's.
    expect(saleSplit({ amountExTaxCents: 10_000, taxCents: 600, commissionBps: 300 }).netCents).toBe(9_700);
    expect(saleSplit({ amountExTaxCents: 333, taxCents: 20, commissionBps: null }).commissionCents).toBe(
      Math.floor((333 * BUYING_RULES.commissionBps + 5_000) / 10_000),
    );
  });

  it('a purchase of a domain left unpaid is a buyer violation; a renewal expires', () => {
    expect(unpaidStatus('auction')).toBe('buyer_violation');
    expect(unpaidStatus('fixed')).toBe('buyer_violation');
    expect(unpaidStatus('offer')).toBe('buyer_violation');
    expect(unpaidStatus('renewal')).toBe('expired');
    expect(unpaidStatus('redemption')).toBe('expired');
  });
});
