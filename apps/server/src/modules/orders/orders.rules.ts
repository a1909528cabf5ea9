import { ORDER_LIMITS, type OrderSource, type OrderStatus } from '@namebourse/contract';
import type { OrderRow } from './orders.repository.ts';

/**
 * The orders area's rules and shared types, pure (no database, no clock of its own): the pay-by
 * deadline, when an order can be paid, the reminder window, invoice numbers, the events' payload
 * and the billing snapshot the invoice shows. The buyer API, the lifecycle, the facade and the
 * invoice all read them from here.
 */

const HOUR_MS = 3600_000;

/**
 * The time an order created at `now` must be paid by: `payWindowHours` (spec: 72) later. The one
 * place the payment window is computed, for orders created directly and for auction wins.
 */
export function payByFrom(now: Date, payWindowHours: number = ORDER_LIMITS.payWindowHours): Date {
  return new Date(now.getTime() + payWindowHours * HOUR_MS);
}

/**
 * Orders that deliver a domain to the buyer (an auction win, a fixed-price purchase, an accepted
 * offer): they get a delivery date at the latest when paid, the delivery sweeper delivers or
 * refunds them, and they show until when the previous holder can reclaim the domain. Renewal and
 * redemption orders pay for a registrar operation on a domain the buyer already holds instead.
 */
export const DOMAIN_ORDER_SOURCES = ['auction', 'fixed', 'offer'] as const satisfies readonly OrderSource[];

export function deliversDomain(source: OrderSource): boolean {
  return (DOMAIN_ORDER_SOURCES as readonly OrderSource[]).includes(source);
}

/** The delivery date of an order whose wait starts at `from` (an auction's close, or the payment). */
export function deliverAtFrom(from: Date): Date {
  return new Date(from.getTime() + ORDER_LIMITS.deliveryWaitDays * 24 * HOUR_MS);
}

/** Statuses in which an order of a domain is still open (its registry state is worth showing). */
export const OPEN_DOMAIN_ORDER_STATUSES = [
  'awaiting_payment',
  'paid_awaiting_delivery',
  'transferring',
  'delivery_failed',
] as const satisfies readonly OrderStatus[];

/** How often the sweeper re-reads an open order's registry state (RDAP), and retries a failed read. */
export const REGISTRY_REFRESH_MS = 6 * HOUR_MS;
export const REGISTRY_RETRY_MS = HOUR_MS;

/** Whether the order can be paid at `now`: awaiting payment and inside its payment window. */
export function isPayable(row: Pick<OrderRow, 'status' | 'payBy'>, now: Date): boolean {
  return row.status === 'awaiting_payment' && (row.payBy === null || row.payBy.getTime() > now.getTime());
}

/** The reminder goes out when less than this is left to pay. */
export const PAYMENT_REMINDER_WINDOW_MS = 24 * HOUR_MS;

/** The invoice number of an order (one invoice per paid order). */
export function invoiceNoFor(orderId: string): string {
  return `INV${orderId.slice(1)}`;
}

/** The console page messages about orders lead to. */
const ORDERS_LINK = '/console/order/list';

/** The orders page focused on one order (its `orderId` query). */
export function orderLink(orderId: string): string {
  return `${ORDERS_LINK}?orderId=${encodeURIComponent(orderId)}`;
}

// ---- Events ----

/** Domain events the orders area publishes (after commit) on `app.platform.events`. */
export const ORDER_EVENTS = {
  /** An order was paid: `{ orderId, buyerId, source, sourceRef, domain, amountCents }`. */
  paid: 'order.paid',
  /**
   * An order's payment window passed unpaid: `{ orderId, buyerId, source, sourceRef, domain, status }`
   * with status `buyer_violation` (auction wins: the auctions area forfeits the deposit) or `expired`.
   */
  unpaid: 'order.unpaid',
} as const;

export interface OrderEventPayload {
  orderId: string;
  buyerId: string;
  source: OrderSource;
  sourceRef: string | null;
  domain: string;
  amountCents: number;
  status: OrderStatus;
}

export function eventPayload(row: OrderRow): OrderEventPayload {
  return {
    orderId: row.id,
    buyerId: row.buyerId.toString(),
    source: row.source,
    sourceRef: row.sourceRef,
    domain: row.domain,
    amountCents: row.amountCents,
    status: row.status as OrderStatus,
  };
}

// ---- Billing ----

/** The billing address (and who is billed) as it was at payment time; what the invoice shows. */
export interface BillingSnapshot {
  name: string;
  company: string;
  email: string;
  country: string;
  province: string;
  city: string;
  postalCode: string;
  address: string;
  taxId: string;
}

export function parseBillingSnapshot(text: string | null): BillingSnapshot | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as BillingSnapshot;
  } catch {
    return null;
  }
}
