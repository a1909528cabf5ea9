import { ORDER_STATUSES, type Order, type OrderSource, type OrderStatus } from '@namebourse/contract';

/**
 * How the orders page treats each status of the contract's one order transition table:
 * - action: waiting for the buyer (pay);
 * - progress: paid, the domain is on its way;
 * - done: delivered;
 * - problem: something went wrong for the buyer or the delivery;
 * - closed: ended without a delivery (money back, voided or lapsed).
 */
export type StatusGroup = 'action' | 'progress' | 'done' | 'problem' | 'closed';

export const STATUS_GROUP: Record<OrderStatus, StatusGroup> = {
  awaiting_payment: 'action',
  paid_awaiting_delivery: 'progress',
  transferring: 'progress',
  completed: 'done',
  delivery_failed: 'problem',
  buyer_violation: 'problem',
  confiscated: 'problem',
  refunded: 'closed',
  voided: 'closed',
  expired: 'closed',
};

export type ChipColor = 'warning' | 'info' | 'success' | 'error' | 'default';

export const GROUP_COLOR: Record<StatusGroup, ChipColor> = {
  action: 'warning',
  progress: 'info',
  done: 'success',
  problem: 'error',
  closed: 'default',
};

export function statusColor(status: OrderStatus): ChipColor {
  return GROUP_COLOR[STATUS_GROUP[status]];
}

/** The statuses of a group, in the contract's order. */
export function statusesOf(group: StatusGroup): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => STATUS_GROUP[status] === group);
}

/** The filter tabs: every order, then each status (the spec's order). */
export const STATUS_TABS = ['all', ...ORDER_STATUSES] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

/** A `status` search parameter as a status, or undefined (all) for anything the contract does not know. */
export function parseStatusParam(value: string | null | undefined): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => status === value);
}

/** A `page` search parameter as a page number ≥ 1. */
export function parsePageParam(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The date shown under "Delivery date": when it was delivered, else when it is expected. */
export function deliveryDateOf(order: Pick<Order, 'status' | 'deliverAt' | 'completedAt'>): string | null {
  if (order.status === 'completed') return order.completedAt ?? order.deliverAt;
  if (STATUS_GROUP[order.status] === 'progress' || order.status === 'delivery_failed') return order.deliverAt;
  return null;
}

/** Tax rate in basis points as a percentage text without trailing zeros ("6", "6.5"). */
export function taxRatePercent(bps: number): string {
  return String(Math.round(bps) / 100);
}

/**
 * The label key of a status. Awaiting payment reads "won, awaiting payment" for an auction's order (spec §4) and
 * plainly "awaiting payment" for a fixed-price or offer purchase and in the filter (which lists every source).
 */
export function statusLabelKey(status: OrderStatus, source?: OrderSource): string {
  return status === 'awaiting_payment' && source !== 'auction' ? 'statusPlain.awaiting_payment' : `status.${status}`;
}

/** Where orders come from that the list marks with their own colour (buying from sellers). */
export function sourceTone(source: OrderSource): 'primary' | 'secondary' | 'default' {
  return source === 'fixed' ? 'primary' : source === 'offer' ? 'secondary' : 'default';
}
