import type { FundsSummary, Order } from '@namebourse/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { sharedKeys } from '../../lib/query-keys.ts';

export const ORDERS_PATH = '/orders';
export const PAY_MANY_PATH = `${ORDERS_PATH}/pay`;
export const FUNDS_SUMMARY_PATH = '/funds/summary';

export interface PayInput {
  orderIds: string[];
  idempotencyKey: string;
}

export interface PayResult {
  orders: Order[];
  paidCents: number;
}

/**
 * Pays from the available balance. One order: POST /api/orders/:orderId/pay → Order; several:
 * POST /api/orders/pay { orderIds } → { orders, paidCents } (all or nothing). Both carry an Idempotency-Key.
 * Errors go through the shared handler: 'Insufficient balance' with the recharge prompt, the contact-info
 * dialog, or a toast ('The order does not exist or has expired', 'This order cannot be paid now').
 */
export async function payOrders({ orderIds, idempotencyKey }: PayInput): Promise<PayResult> {
  if (orderIds.length === 1) {
    const [orderId = ''] = orderIds;
    const order = await api.post<Order>(`${ORDERS_PATH}/${encodeURIComponent(orderId)}/pay`, undefined, {
      idempotencyKey,
    });
    return { orders: [order], paidCents: order.amountCents };
  }
  return api.post<PayResult>(PAY_MANY_PATH, { orderIds }, { idempotencyKey });
}

/**
 * Pays orders; afterwards (after a refusal too: an order may have lapsed or been paid elsewhere meanwhile) the
 * orders, the balance, the message centre (an 'order paid' notice) and the caller's own lists (`alsoInvalidate`)
 * are asked again.
 */
export function usePayOrders(alsoInvalidate: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrders,
    onSettled: () =>
      Promise.all(
        [...alsoInvalidate, sharedKeys.orders, sharedKeys.funds, sharedKeys.messages].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** GET /api/funds/summary, only to show the available balance next to what a payment costs (no toasts). */
export function getFundsSummary(signal?: AbortSignal): Promise<FundsSummary> {
  return api.get<FundsSummary>(FUNDS_SUMMARY_PATH, undefined, { errorMode: 'silent', signal });
}

export function useAvailableBalance(enabled: boolean) {
  return useQuery({
    queryKey: [...sharedKeys.funds, 'available-to-pay'],
    queryFn: ({ signal }) => getFundsSummary(signal),
    enabled,
    staleTime: 0,
    retry: false,
    select: (summary) => summary.availableCents,
  });
}
