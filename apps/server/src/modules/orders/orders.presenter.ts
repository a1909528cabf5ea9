import type { Order, OrderStatus } from '@namebourse/contract';
import type { OrderRow } from './orders.repository.ts';
import { isPayable, OPEN_DOMAIN_ORDER_STATUSES } from './orders.rules.ts';

/** Seconds left to pay (0 when past); null when the order is not awaiting payment or has no deadline. */
function payTimeLeftSeconds(row: OrderRow, now: Date): number | null {
  if (row.status !== 'awaiting_payment' || row.payBy === null) return null;
  return Math.max(0, Math.floor((row.payBy.getTime() - now.getTime()) / 1000));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const OPEN: readonly string[] = OPEN_DOMAIN_ORDER_STATUSES;

/**
 * Until when the previous holder can still reclaim the domain: the stored registry answer
 * (the sweeper refreshes it), while the order is open and the date is still ahead.
 */
function reclaimableUntil(row: OrderRow, now: Date): string | null {
  if (!OPEN.includes(row.status) || row.reclaimableUntil === null || row.reclaimableUntil <= now) return null;
  return row.reclaimableUntil.toISOString();
}

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
    reclaimableUntil: reclaimableUntil(row, now),
    deliveryError: row.status === 'delivery_failed' ? row.deliveryError : null,
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canPay: isPayable(row, now),
    hasInvoice: row.invoiceNo !== null && row.paidAt !== null,
  };
}
