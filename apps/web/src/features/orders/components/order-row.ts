import type { Order } from '@namebourse/contract';
import { payDeadline, secondsUntil } from '../../../components/auction/countdown';
import { isPayable } from '../lib/order-status';

/** An order as the list shows it at one moment: the time left to pay and whether it can be paid. */
export interface OrderRow {
  order: Order;
  /** Seconds left to pay (awaiting payment only). */
  secondsLeft: number | null;
  payable: boolean;
}

export function toRows(orders: readonly Order[], receivedAtMs: number, nowMs: number): OrderRow[] {
  return orders.map((order) => {
    const secondsLeft = secondsUntil(payDeadline(order, receivedAtMs), nowMs);
    return { order, secondsLeft, payable: isPayable(order, secondsLeft) };
  });
}
