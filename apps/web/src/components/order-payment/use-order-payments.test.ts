import type { Order } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { orderFixture } from '../../lib/testing/fixtures.ts';
import { keepPayable, selectionTotal, toPayRows } from './use-order-payments.ts';

const PAY_BY = Date.UTC(2026, 0, 13, 12, 0, 0);

function order(orderId: string, patch: Partial<Order> = {}): Order {
  return orderFixture({
    orderId,
    domain: `${orderId.toLowerCase()}.com`,
    sourceRef: `A${orderId}`,
    payBy: new Date(PAY_BY).toISOString(),
    ...patch,
  });
}

const same = (o: Order) => o;

describe('rows of orders to pay', () => {
  const orders = [
    order('O1'),
    order('O2', { amountCents: 5_300, amountExTaxCents: 5_000, taxCents: 300 }),
    order('O3', { status: 'paid_awaiting_delivery', payBy: null, payTimeLeftSeconds: null, canPay: false }),
    order('O4', { payBy: new Date(PAY_BY - 3_590_000).toISOString(), payTimeLeftSeconds: 10 }),
  ];

  it('count the time left to payBy on the server clock', () => {
    const serverNow = PAY_BY - 3_600_000 + 5_000;
    const rows = toPayRows(orders, same, serverNow);
    expect(rows.map((row) => row.secondsLeft)).toEqual([3_595, 3_595, null, 5]);
    expect(rows.map((row) => row.payable)).toEqual([true, true, false, true]);
    expect(rows[0]?.item).toBe(orders[0]);
  });

  it('an order whose window ran out, or that the server refuses, can no longer be paid', () => {
    const rows = toPayRows(orders, same, PAY_BY - 3_600_000 + 11_000);
    expect(rows[3]?.secondsLeft).toBe(0);
    expect(rows[3]?.payable).toBe(false);
    expect(toPayRows([order('O5', { canPay: false })], same, PAY_BY - 60_000)[0]?.payable).toBe(false);
    expect(toPayRows([order('O6', { payBy: null, payTimeLeftSeconds: null })], same, 0)[0]).toMatchObject({
      secondsLeft: null,
      payable: true,
    });
  });

  it('total only the chosen orders that can be paid', () => {
    const rows = toPayRows(orders, same, PAY_BY - 3_600_000);
    expect(selectionTotal(rows, new Set(['O1', 'O2', 'O3']))).toEqual({ count: 2, amountCents: 15_900 });
    expect(selectionTotal(rows, new Set())).toEqual({ count: 0, amountCents: 0 });
  });

  it('drop chosen orders that were paid or lapsed meanwhile', () => {
    const later = toPayRows(orders, same, PAY_BY - 3_600_000 + 11_000);
    expect([...keepPayable(later, new Set(['O1', 'O3', 'O4', 'gone']))]).toEqual(['O1']);
  });
});
