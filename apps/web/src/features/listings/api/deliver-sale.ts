import type { OrderStatus } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SELLER_SALES_PATH, sellerSalesKeys } from './get-seller-sales.ts';

export interface DeliverSaleInput {
  orderId: string;
  authCode: string;
}

/**
 * POST /api/seller/sales/:orderId/deliver `{ authCode }`: the seller of a domain held elsewhere gives its transfer
 * code; the transfer starts (the order becomes `transferring`). Errors are left to the dialog (silent): field
 * errors beside the code, refusals (deadline passed, not waiting for delivery) in place.
 */
export function deliverSale({
  orderId,
  authCode,
}: DeliverSaleInput): Promise<{ orderId: string; status: OrderStatus }> {
  return api.post<{ orderId: string; status: OrderStatus }>(
    `${SELLER_SALES_PATH}/${encodeURIComponent(orderId)}/deliver`,
    { authCode },
    { errorMode: 'silent' },
  );
}

/** Delivers, then reloads the sales and the statistics (the sale is under way, or completed). */
export function useDeliverSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverSale,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerSalesKeys.all }),
  });
}
