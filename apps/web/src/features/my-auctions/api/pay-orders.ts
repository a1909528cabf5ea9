import type { Order } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES_QUERY_KEY } from '../../../components/message-bell';
import { api } from '../../../lib/api-client';
import { myAuctionKeys } from './keys';

export interface PayInput {
  orderIds: string[];
  idempotencyKey: string;
}

export interface PayResult {
  orders: Order[];
  paidCents: number;
}

/**
 * Pays won lots from the available balance. One: POST /api/orders/:orderId/pay → Order; several: POST
 * /api/orders/pay { orderIds } → { orders, paidCents } (all or nothing). Both carry an Idempotency-Key. Errors go
 * through the shared handler: 'Insufficient balance' with the recharge prompt, the contact-info dialog, or a toast.
 */
export async function payOrders({ orderIds, idempotencyKey }: PayInput): Promise<PayResult> {
  if (orderIds.length === 1) {
    const [orderId = ''] = orderIds;
    const order = await api.post<Order>(`/orders/${encodeURIComponent(orderId)}/pay`, undefined, { idempotencyKey });
    return { orders: [order], paidCents: order.amountCents };
  }
  return api.post<PayResult>('/orders/pay', { orderIds }, { idempotencyKey });
}

export function usePayOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrders,
    // After a refusal too: the order may have lapsed or been paid elsewhere meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myAuctionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['funds'] }),
        queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY }),
      ]),
  });
}
