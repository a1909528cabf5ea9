import type { App } from '../../platform/app-context.ts';
import { closeUnpaidOrder, remindPayment } from './orders.lifecycle.ts';
import { claimPaymentReminders, claimUnpaid, type OrderRow } from './orders.repository.ts';
import { PAYMENT_REMINDER_WINDOW_MS } from './orders.rules.ts';

/**
 * The orders' deadlines (DESIGN.md §3): an order awaiting payment past its pay-by time becomes
 * buyer_violation (purchases of a domain: auction wins, fixed price, offers) or expired, and once less than 24 hours are left the buyer is
 * reminded (once: `payment_reminded_at`). Expiry runs first, so an overdue order is closed rather than reminded.
 */
export function registerOrderSweepers(app: App): void {
  const { sweeper } = app.platform;
  sweeper.register<OrderRow>({
    name: 'orders.unpaid',
    claim: (tx, now, limit) => claimUnpaid(tx, now, limit),
    apply: (tx, row, now) => closeUnpaidOrder(app, tx, row, now),
  });
  sweeper.register<OrderRow>({
    name: 'orders.payment-reminder',
    claim: (tx, now, limit) => claimPaymentReminders(tx, now, PAYMENT_REMINDER_WINDOW_MS, limit),
    apply: (tx, row, now) => remindPayment(tx, row, now),
  });
}
