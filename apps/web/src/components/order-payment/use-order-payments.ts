import type { Order } from '@namebourse/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/feedback-store.ts';
import { formatMoney } from '../../lib/format.ts';
import { type PayState, payStateOf } from '../auction/countdown.ts';
import { useServerNow } from '../auction/server-clock.ts';
import { AttemptKeys, isUncertainFailure, payIntent } from './attempt-keys.ts';
import { usePayOrders } from './pay-orders.ts';

/** The keys the payment toasts read from the page's namespace. */
export const PAID_KEYS = ['paid.one', 'paid.many'] as const;

/** A row of a list of orders (or of things that carry one) at one moment: the time left to pay, payable or not. */
export interface PayRow<T> extends PayState {
  item: T;
  order: Order;
}

/** The rows of `items` at the server's moment `serverNowMs`. */
export function toPayRows<T>(items: readonly T[], orderOf: (item: T) => Order, serverNowMs: number): PayRow<T>[] {
  return items.map((item) => {
    const order = orderOf(item);
    return { item, order, ...payStateOf(order, serverNowMs) };
  });
}

export interface SelectionTotal {
  count: number;
  /** With tax. */
  amountCents: number;
}

/** What paying the chosen orders costs (only rows that can be paid count). */
export function selectionTotal(rows: readonly PayRow<unknown>[], orderIds: ReadonlySet<string>): SelectionTotal {
  const total: SelectionTotal = { count: 0, amountCents: 0 };
  for (const { order, payable } of rows) {
    if (!payable || !orderIds.has(order.orderId)) continue;
    total.count += 1;
    total.amountCents += order.amountCents;
  }
  return total;
}

/** The chosen ids that are still payable on the page shown (a paid or lapsed order drops out). */
export function keepPayable(rows: readonly PayRow<unknown>[], orderIds: ReadonlySet<string>): Set<string> {
  const payable = new Set(rows.filter((row) => row.payable).map((row) => row.order.orderId));
  return new Set([...orderIds].filter((id) => payable.has(id)));
}

export interface OrderPaymentsOptions<T> {
  /** The items of the page shown (undefined while loading). */
  items: readonly T[] | undefined;
  orderOf: (item: T) => Order;
  /** The page's i18n namespace (toasts: PAID_KEYS). */
  ns: string;
  /** Asked again a moment after an order's time ran out (the server's sweeper closes it) and after paying. */
  listKey: QueryKey;
  /** A new value (another filter or page) starts a new selection. */
  selectionKey: string;
}

/**
 * Everything a list that pays orders does around its rows: the live time left to pay (on the server's clock),
 * asking again once an order lapsed, choosing several payable orders, and paying one or the chosen ones after
 * the PayDialog confirmed it — with one Idempotency-Key per intent until it has a definite answer.
 */
export function useOrderPayments<T>({ items, orderOf, ns, listKey, selectionKey }: OrderPaymentsOptions<T>) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const list = items ?? [];
  const now = useServerNow(list.some((item) => orderOf(item).status === 'awaiting_payment'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: orderOf is a plain accessor; the items decide.
  const rows = useMemo(() => (items ? toPayRows(items, orderOf, now) : []), [items, now]);

  // An order whose time ran out is closed by the server's sweeper: ask again a moment later to show it.
  const lapsedKey = rows
    .filter((row) => row.order.status === 'awaiting_payment' && row.secondsLeft === 0)
    .map((row) => row.order.orderId)
    .join(',');
  const refetched = useRef(new Set<string>());
  const listKeyRef = useRef(listKey);
  listKeyRef.current = listKey;
  useEffect(() => {
    const fresh = lapsedKey.split(',').filter((id) => id && !refetched.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) refetched.current.add(id);
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: listKeyRef.current }), 3000);
    return () => clearTimeout(timer);
  }, [lapsedKey, queryClient]);

  // ---- Selection (payable orders of the page shown) ----
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = useMemo(() => keepPayable(rows, selected), [rows, selected]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or page starts a new selection.
  useEffect(() => setSelected(new Set()), [selectionKey]);
  const toggle = (orderId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set(rows.filter((row) => row.payable).map((row) => row.order.orderId)) : new Set());
  const clearSelection = () => setSelected(new Set());
  const total = selectionTotal(rows, chosen);

  // ---- Paying ----
  const pay = usePayOrders([listKey]);
  const attempts = useRef(new AttemptKeys());
  const [paying, setPaying] = useState<Order[] | null>(null);
  const confirm = async () => {
    if (!paying) return;
    const orderIds = paying.map((order) => order.orderId);
    const intent = payIntent(orderIds);
    try {
      const result = await pay.mutateAsync({ orderIds, idempotencyKey: attempts.current.keyFor(intent) });
      attempts.current.settle(intent);
      setPaying(null);
      setSelected((current) => new Set([...current].filter((id) => !orderIds.includes(id))));
      const [first] = result.orders;
      showToast(
        result.orders.length === 1 && first
          ? t('paid.one', { domain: first.domain, amount: formatMoney(result.paidCents) })
          : t('paid.many', { count: result.orders.length, amount: formatMoney(result.paidCents) }),
        'success',
      );
    } catch (error) {
      attempts.current.settle(intent, error);
      // The shared handler has shown what happened ('Insufficient balance' with the recharge prompt, the
      // contact-info dialog, or a toast). Only an answer that may not have arrived keeps the dialog for a retry.
      if (!isUncertainFailure(error)) setPaying(null);
    }
  };

  /** Opens the pay dialog for one row. */
  const payRow = (row: PayRow<T>) => setPaying([row.order]);

  return {
    rows,
    /** The chosen order ids that can still be paid. */
    selected: chosen,
    toggle,
    toggleAll,
    clearSelection,
    total,
    payRow,
    /** What a table or cards of the rows take: the rows, the choice, and Pay on a row. */
    listProps: { rows, selected: chosen, onToggle: toggle, onToggleAll: toggleAll, onPay: payRow },
    /** Opens the pay dialog for the chosen rows. */
    paySelected: () => setPaying(rows.filter((row) => chosen.has(row.order.orderId)).map((row) => row.order)),
    /** The orders in the pay dialog (null: closed). */
    paying,
    pending: pay.isPending,
    closeDialog: () => setPaying(null),
    confirm,
  };
}

export type OrderPayments<T> = ReturnType<typeof useOrderPayments<T>>;
