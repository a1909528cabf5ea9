import type { Order } from '@namebourse/contract';

/** An auction order awaiting payment (USD 106.00 with 6% tax, an hour left to pay); `patch` changes any field. */
export function orderFixture(patch: Partial<Order> = {}): Order {
  return {
    orderId: 'O1001',
    domain: 'example.com',
    source: 'auction',
    sourceRef: 'A1',
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
  };
}
