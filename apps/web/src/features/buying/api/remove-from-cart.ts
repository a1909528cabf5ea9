import type { Cart } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buyingKeys, CART_PATH } from '../../../components/buying/api/keys.ts';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/cart/:listingId. */
export function removeFromCart(listingId: string): Promise<unknown> {
  return api.delete(`${CART_PATH}/${encodeURIComponent(listingId)}`);
}

/** Removes a line (gone from the page at once, back if the server refuses); the cart and listings' state are asked again. */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onMutate: async (listingId) => {
      await queryClient.cancelQueries({ queryKey: buyingKeys.cart() });
      const previous = queryClient.getQueryData<Cart>(buyingKeys.cart());
      queryClient.setQueryData<Cart>(buyingKeys.cart(), (cart) =>
        cart
          ? { ...cart, items: cart.items.filter((item) => item.listingId !== listingId), count: cart.count - 1 }
          : cart,
      );
      return { previous };
    },
    onError: (_error, _listingId, context) => {
      if (context?.previous) queryClient.setQueryData(buyingKeys.cart(), context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buyingKeys.cart() }),
        queryClient.invalidateQueries({ queryKey: buyingKeys.mines() }),
      ]),
  });
}
