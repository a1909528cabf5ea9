import type { Order } from '@namebourse/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES_QUERY_KEY } from '../../../components/message-bell';
import { api } from '../../../lib/api-client';
import { ORDERS_PATH } from './get-orders';
import { orderKeys } from './keys';

export const PAY_MANY_PATH = `${ORDERS_PATH}/pay`;

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

/** What a payment changes elsewhere: the orders, the balance, and the message centre (an 'order paid' notice). */
export function invalidateAfterPayment(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY }),
    // The funds pages keep their own queries under 'funds'; the balance they show has changed.
    queryClient.invalidateQueries({ queryKey: ['funds'] }),
  ]);
}

export function usePayOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrders,
    // After a refusal too: the order may have expired or been paid elsewhere meanwhile.
    onSettled: () => invalidateAfterPayment(queryClient),
  });
}
