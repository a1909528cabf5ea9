import type { Order, OrderStatus } from '@namebourse/contract';
import type { OrderRow } from './orders.repository.ts';
import { isPayable } from './orders.rules.ts';

/** Seconds left to pay (0 when past); null when the order is not awaiting payment or has no deadline. */
function payTimeLeftSeconds(row: OrderRow, now: Date): number | null {
  if (row.status !== 'awaiting_payment' || row.payBy === null) return null;
  return Math.max(0, Math.floor((row.payBy.getTime() - now.getTime()) / 1000));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An order row as the contract's Order (every field listed). */
export function presentOrder(row: OrderRow, now: Date): Order {
  return {
    orderId: row.id,
    domain: row.domain,
    source: row.source,
    sourceRef: row.sourceRef,
    status: row.status as OrderStatus,
    amountCents: row.amountCents,
    amountExTaxCents: row.amountExTaxCents,
    taxCents: row.taxCents,
    taxRateBps: row.taxRateBps,
    currency: 'USD',
    payBy: iso(row.payBy),
    payTimeLeftSeconds: payTimeLeftSeconds(row, now),
    paidAt: iso(row.paidAt),
    deliverAt: iso(row.deliverAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canPay: isPayable(row, now),
    hasInvoice: row.invoiceNo !== null && row.paidAt !== null,
  };
}
