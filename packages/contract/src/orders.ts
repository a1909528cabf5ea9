import { z } from 'zod';
import { PageQuerySchema } from './envelope.ts';

// ---- Orders area (spec §3 Order, §4 auction/order statuses; API.md Orders) ----

/** Constants of the orders area; the tax rate is a parameter (basis points, included in the amount). */
export const ORDER_LIMITS = {
  /** The winner (or buyer) pays within 72 hours. */
  payWindowHours: 72,
  /** Delivery waits about 27 days after the close. */
  deliveryWaitDays: 27,
  /** Tax rate applied to the amount excluding tax (basis points); 0 = no tax. */
  taxRateBps: 600,
  /** At most this many orders paid at once. */
  payManyMax: 50,
} as const;

/** amount including tax from the amount excluding tax, rounded half up to the cent. */
export function withTaxCents(amountExTaxCents: number, taxRateBps: number = ORDER_LIMITS.taxRateBps): number {
  return amountExTaxCents + Math.floor((amountExTaxCents * taxRateBps + 5_000) / 10_000);
}

/** The spec's order statuses (§4), one transition table. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid_awaiting_delivery',
  'transferring',
  'completed',
  'delivery_failed',
  'buyer_violation',
  'confiscated',
  'refunded',
  'voided',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['paid_awaiting_delivery', 'buyer_violation', 'voided', 'expired'],
  paid_awaiting_delivery: ['transferring', 'completed', 'delivery_failed', 'refunded', 'confiscated'],
  transferring: ['completed', 'delivery_failed', 'refunded'],
  delivery_failed: ['transferring', 'completed', 'refunded'],
  completed: [],
  buyer_violation: ['voided'],
  confiscated: ['refunded'],
  refunded: [],
  voided: [],
  expired: [],
};

export const ORDER_SOURCES = ['auction', 'fixed', 'offer', 'renewal', 'redemption'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const OrderSchema = z.object({
  orderId: z.string(),
  domain: z.string(),
  source: z.enum(ORDER_SOURCES),
  /** The auction, listing or offer it came from. */
  sourceRef: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  amountCents: z.number().int(),
  amountExTaxCents: z.number().int(),
  taxCents: z.number().int(),
  taxRateBps: z.number().int(),
  currency: z.literal('USD'),
  payBy: z.string().nullable(),
  /** Seconds left to pay (0 when past); null when not awaiting payment. */
  payTimeLeftSeconds: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  /**
   * When the domain is delivered (or refunded, if its previous holder redeemed it); while the
   * order is delivery_failed, the next try. Every paid order of a domain has one.
   */
  deliverAt: z.string().nullable(),
  /**
   * Until when the previous holder can still reclaim the domain, from the registry (RDAP); null
   * when they no longer can, or the order is not open.
   */
  reclaimableUntil: z.string().nullable(),
  /** Why the last delivery attempt failed, while the order is delivery_failed (retried at deliverAt). */
  deliveryError: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canPay: z.boolean(),
  /** An invoice exists once the order is paid. */
  hasInvoice: z.boolean(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrdersQuerySchema = PageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;

/** POST /api/orders/pay: pay several orders at once (each its own ledger transaction; all or nothing). */
export const PayManyRequestSchema = z.object({
  orderIds: z.array(z.string().min(1).max(40)).min(1).max(ORDER_LIMITS.payManyMax),
});
export const PayManyResultSchema = z.object({ orders: z.array(OrderSchema), paidCents: z.number().int() });
