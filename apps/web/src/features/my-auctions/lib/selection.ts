import type { WonAuction } from '@namebourse/contract';
import { payDeadline, secondsUntil } from '../../../components/auction/countdown';

/** A won lot as the list shows it at one moment: the time left to pay and whether it can be paid now. */
export interface WonRow {
  won: WonAuction;
  secondsLeft: number | null;
  payable: boolean;
}

export function toWonRows(items: readonly WonAuction[], receivedAtMs: number, nowMs: number): WonRow[] {
  return items.map((won) => {
    const secondsLeft = secondsUntil(payDeadline(won.order, receivedAtMs), nowMs);
    const payable =
      won.order.status === 'awaiting_payment' && won.order.canPay && (secondsLeft === null || secondsLeft > 0);
    return { won, secondsLeft, payable };
  });
}

export interface SelectionTotal {
  count: number;
  /** With tax. */
  amountCents: number;
  amountExTaxCents: number;
  taxCents: number;
}

/** What paying the chosen orders costs (only rows that can be paid count). */
export function selectionTotal(rows: readonly WonRow[], orderIds: ReadonlySet<string>): SelectionTotal {
  const total: SelectionTotal = { count: 0, amountCents: 0, amountExTaxCents: 0, taxCents: 0 };
  for (const { won, payable } of rows) {
    if (!payable || !orderIds.has(won.order.orderId)) continue;
    total.count += 1;
    total.amountCents += won.order.amountCents;
    total.amountExTaxCents += won.order.amountExTaxCents;
    total.taxCents += won.order.taxCents;
  }
  return total;
}

/** The chosen ids that are still payable on the page shown (a paid or lapsed order drops out). */
export function keepPayable(rows: readonly WonRow[], orderIds: ReadonlySet<string>): Set<string> {
  const payable = new Set(rows.filter((row) => row.payable).map((row) => row.won.order.orderId));
  return new Set([...orderIds].filter((id) => payable.has(id)));
}
