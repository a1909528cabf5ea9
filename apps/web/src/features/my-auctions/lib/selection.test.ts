import type { Order, WonAuction } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { keepPayable, selectionTotal, toWonRows } from './selection';

function won(orderId: string, patch: Partial<Order> = {}): WonAuction {
  return {
    auctionId: `A${orderId}`,
    domain: `${orderId.toLowerCase()}.com`,
    type: 'expired',
    winningPriceCents: 10_000,
    endedAt: '2026-01-10T12:00:00.000Z',
    depositCents: 1_000,
    order: {
      orderId,
      domain: `${orderId.toLowerCase()}.com`,
      source: 'auction',
      sourceRef: `A${orderId}`,
      status: 'awaiting_payment',
      amountCents: 10_600,
      amountExTaxCents: 10_000,
      taxCents: 600,
      taxRateBps: 600,
      currency: 'USD',
      payBy: '2026-01-13T12:00:00.000Z',
      payTimeLeftSeconds: 3_600,
      paidAt: null,
      deliverAt: null,
      completedAt: null,
      createdAt: '2026-01-10T12:00:00.000Z',
      updatedAt: '2026-01-10T12:00:00.000Z',
      canPay: true,
      hasInvoice: false,
      ...patch,
    },
  };
}

const RECEIVED = 1_000_000;

describe('paying several won lots', () => {
  const items = [
    won('O1'),
    won('O2', { amountCents: 5_300, amountExTaxCents: 5_000, taxCents: 300 }),
    won('O3', { status: 'paid_awaiting_delivery', payTimeLeftSeconds: null, canPay: false, hasInvoice: true }),
    won('O4', { payTimeLeftSeconds: 10 }),
  ];

  it('counts the time left from when the answer arrived, not from the device clock', () => {
    const rows = toWonRows(items, RECEIVED, RECEIVED + 5_000);
    expect(rows.map((row) => row.secondsLeft)).toEqual([3_595, 3_595, null, 5]);
    expect(rows.map((row) => row.payable)).toEqual([true, true, false, true]);
  });

  it('an order whose window ran out can no longer be paid', () => {
    const rows = toWonRows(items, RECEIVED, RECEIVED + 11_000);
    expect(rows[3]?.secondsLeft).toBe(0);
    expect(rows[3]?.payable).toBe(false);
  });

  it('totals only the chosen orders that can be paid', () => {
    const rows = toWonRows(items, RECEIVED, RECEIVED);
    expect(selectionTotal(rows, new Set(['O1', 'O2', 'O3']))).toEqual({
      count: 2,
      amountCents: 15_900,
      amountExTaxCents: 15_000,
      taxCents: 900,
    });
    expect(selectionTotal(rows, new Set())).toEqual({ count: 0, amountCents: 0, amountExTaxCents: 0, taxCents: 0 });
  });

  it('drops chosen orders that were paid or lapsed meanwhile', () => {
    const later = toWonRows(items, RECEIVED, RECEIVED + 11_000);
    expect([...keepPayable(later, new Set(['O1', 'O3', 'O4', 'gone']))]).toEqual(['O1']);
  });
});
