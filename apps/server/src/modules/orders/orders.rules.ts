import {
  BUYING_RULES,
  ORDER_LIMITS,
  type OrderDelivery,
  type OrderSource,
  type OrderStatus,
  sellerProceeds,
} from '@namebourse/contract';
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

/**
 * The delivery date a paid order gets at payment (`now`), by how its domain reaches the buyer:
 * - handover (a seller's domain held here): at once — the delivery sweeper hands it over at its
 *   next run (a seller lot's date, set at its close, is kept: it is already past);
 * - seller_push (a seller's domain held elsewhere): the deadline the seller must push it by,
 *   `externalDays` (the externalDeliveryDays parameter in force) after the payment (then the buyer is refunded);
 * - registry (a partner's lot) or none: the date the order already has (an auction's close + 27
 *   days), else ORDER_LIMITS.deliveryWaitDays after the payment for an order of a domain, else none.
 */
export function deliverAtOnPayment(
  order: { source: OrderSource; delivery: string | null; deliverAt: Date | null },
  now: Date,
  externalDays: number = BUYING_RULES.externalDeliveryDays,
): Date | null {
  const delivery = order.delivery as OrderDelivery | null;
  if (delivery === 'handover') {
    return order.deliverAt !== null && order.deliverAt.getTime() <= now.getTime() ? order.deliverAt : now;
  }
  if (delivery === 'seller_push') return new Date(now.getTime() + externalDays * 24 * HOUR_MS);
  if (order.deliverAt !== null) return order.deliverAt;
  return deliversDomain(order.source) ? deliverAtFrom(now) : null;
}

/**
 * How a seller's completed sale splits what the buyer paid: the commission at the order's rate (the
 * listing's fee lock or the commissionBps parameter, stored on every seller's order when it is created;
 * the parameter's default only for an order without one) on the price before tax
 * goes to the platform's fees, the rest of that price to the seller's earnings, the tax to the
 * platform's tax_payable. The three sum to the order's amount.
 */
export function saleSplit(order: { amountExTaxCents: number; taxCents: number; commissionBps: number | null }): {
  commissionCents: number;
  netCents: number;
  taxCents: number;
} {
  const { commissionCents, netCents } = sellerProceeds(
    order.amountExTaxCents,
    order.commissionBps ?? BUYING_RULES.commissionBps,
  );
  return { commissionCents, netCents, taxCents: order.taxCents };
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

/**
 * What an order left unpaid past its window becomes: a purchase of a domain (an auction win, a
 * fixed-price purchase, an accepted offer) is a buyer violation; a renewal or redemption just expires.
 */
export function unpaidStatus(source: OrderSource): OrderStatus {
  return deliversDomain(source) ? 'buyer_violation' : 'expired';
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
   * with status `buyer_violation` (purchases of a domain: for an auction win the auctions area
   * forfeits the deposit) or `expired`.
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
