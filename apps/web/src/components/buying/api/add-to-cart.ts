import type { MarketMine } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { buyingKeys, CART_PATH } from './keys.ts';

/**
 * POST /api/cart { listingId }: adds a listing to the cart at its price now; for a line already there it
 * confirms the price now (the cart's 'Confirm' after a price change).
 */
export function addToCart(listingId: string): Promise<unknown> {
  return api.post(CART_PATH, { listingId });
}

/** Adds (or confirms) a cart line; the listing's 'In cart' state follows at once (`domain`, when known). */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId }: { listingId: string; domain?: string }) => addToCart(listingId),
    onSuccess: (_data, { domain }) => {
      if (domain) {
        queryClient.setQueryData<MarketMine>(buyingKeys.mine(domain), (mine) =>
          mine ? { ...mine, inCart: true } : mine,
        );
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buyingKeys.cart() }),
        queryClient.invalidateQueries({ queryKey: buyingKeys.mines() }),
      ]),
  });
}
