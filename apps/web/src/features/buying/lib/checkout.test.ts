import { type CartItem, CartItemSchema, type CheckoutResult } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_SLICE,
  type CheckoutLine,
  checkoutLines,
  linesToConfirm,
  mergeResults,
  progressPercent,
  runCheckout,
  slicesOf,
} from './checkout.ts';

function item(listingId: string, patch: Partial<CartItem> = {}): CartItem {
  return CartItemSchema.parse({
    listingId,
    domain: `d${listingId}.com`,
    mode: 'fixed',
    status: 'on_sale',
    available: true,
    unavailableReason: null,
    priceCents: 1_000,
    addedPriceCents: 1_000,
    priceChanged: false,
    taxCents: 60,
    totalCents: 1_060,
    logoUrl: null,
    addedAt: '2026-11-27T00:00:00.000Z',
    ...patch,
  });
}

describe('checkout lines', () => {
  it('buys the available lines at their confirmed price, and leaves changed prices for the buyer to confirm', () => {
    const items = [
      item('1'),
      item('2', { available: false, unavailableReason: 'sold' }),
      item('3', { priceCents: 1_500, priceChanged: true }),
      item('4', { priceCents: 2_000, addedPriceCents: 2_000 }),
      item('5', { priceCents: null, available: false, unavailableReason: 'no_price' }),
    ];
    expect(checkoutLines(items)).toEqual([
      { listingId: '1', priceCents: 1_000 },
      { listingId: '4', priceCents: 2_000 },
    ]);
    expect(linesToConfirm(items).map((line) => line.listingId)).toEqual(['3']);
  });
});

describe('slices', () => {
  it('cuts into consecutive slices no longer than the size', () => {
    expect(slicesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(slicesOf([], 3)).toEqual([]);
    expect(() => slicesOf([1], 0)).toThrow(RangeError);
    expect(CHECKOUT_SLICE).toBeGreaterThan(0);
    expect(CHECKOUT_SLICE).toBeLessThanOrEqual(50);
  });

  it('rounds progress down and caps it', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(5, 3)).toBe(100);
  });

  it('merges reports', () => {
    const a: CheckoutResult = {
      orders: [
        {
          orderId: 'O1',
          listingId: '1',
          domain: 'a.com',
          status: 'paid_awaiting_delivery',
          paid: true,
          amountCents: 1_060,
        },
      ],
      failed: [],
      paidCents: 1_060,
    };
    const b: CheckoutResult = {
      orders: [],
      failed: [{ listingId: '2', domain: 'b.com', code: 'Commodity.PurchaseFailed', message: 'sold' }],
      paidCents: 0,
    };
    expect(mergeResults(a, b)).toEqual({ orders: a.orders, failed: b.failed, paidCents: 1_060 });
  });
});

describe('runCheckout', () => {
  const lines: CheckoutLine[] = Array.from({ length: 25 }, (_, i) => ({ listingId: String(i + 1), priceCents: 100 }));

  it('sends slices in order, reports progress after each, and merges the answers', async () => {
    const sent: string[][] = [];
    const progress: number[] = [];
    const report = await runCheckout(
      lines,
      async (slice) => {
        sent.push(slice.map((line) => line.listingId));
        return {
          orders: slice.map((line) => ({
            orderId: `O${line.listingId}`,
            listingId: line.listingId,
            domain: `${line.listingId}.com`,
            status: 'paid_awaiting_delivery' as const,
            paid: true,
            amountCents: 106,
          })),
          failed: [],
          paidCents: 106 * slice.length,
        };
      },
      ({ done }) => progress.push(done),
      () => ({ code: 'x', message: 'x' }),
      10,
    );
    expect(sent.map((slice) => slice.length)).toEqual([10, 10, 5]);
    expect(sent[2]?.[0]).toBe('21');
    expect(progress).toEqual([0, 10, 20, 25]);
    expect(report.orders).toHaveLength(25);
    expect(report.paidCents).toBe(2_650);
  });

  it('keeps going when a slice fails as a whole, reporting its lines with the error', async () => {
    let call = 0;
    const report = await runCheckout(
      lines.slice(0, 6),
      async () => {
        call += 1;
        if (call === 2) throw new Error('offline');
        return { orders: [], failed: [], paidCents: 0 };
      },
      () => {},
      (error) => ({ code: 'Network', message: (error as Error).message }),
      3,
    );
    expect(call).toBe(2);
    expect(report.failed.map((line) => [line.listingId, line.message])).toEqual([
      ['4', 'offline'],
      ['5', 'offline'],
      ['6', 'offline'],
    ]);
  });
});
