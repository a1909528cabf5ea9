import type { Cart } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { buyingKeys, CART_PATH } from '../../../components/buying/api/keys.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/cart: the lines as they are now, the totals of the available ones and the balance. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>(CART_PATH, undefined, { errorMode: 'message', signal });
}

export function useCart() {
  return useQuery({ queryKey: buyingKeys.cart(), queryFn: ({ signal }) => getCart(signal) });
}
