import type { Tx } from '../../db/open-database.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * The seller's side of an order's life (issue 17), as hooks: the orders area pays and closes
 * orders, the buying area moves the seller's listing and tells the seller. Modules depend
 * downward (orders never imports buying), so buying registers here once per process and the
 * lifecycle calls back inside the transaction that changed the order. A hook uses only the
 * transaction it is given and moves rows by conditional updates, so a repeat does nothing.
 */
export interface SellerOrderHooks {
  /** A seller's order was paid (inside the payment's transaction). */
  paid(tx: Tx, order: OrderRow, now: Date): Promise<void>;
  /** A seller's fixed-price or offer order was left unpaid and closed as a buyer violation. */
  lapsed(tx: Tx, order: OrderRow, now: Date): Promise<void>;
}

const hooks: SellerOrderHooks[] = [];

/** Registers the seller-side hooks. Returns the unregister function. */
export function onSellerOrder(hook: SellerOrderHooks): () => void {
  hooks.push(hook);
  return () => {
    const at = hooks.indexOf(hook);
    if (at >= 0) hooks.splice(at, 1);
  };
}

export async function sellerOrderPaid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.sellerId === null) return;
  for (const hook of hooks) await hook.paid(tx, order, now);
}

export async function sellerOrderLapsed(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.sellerId === null) return;
  for (const hook of hooks) await hook.lapsed(tx, order, now);
}
