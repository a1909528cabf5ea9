import type { BuyResult } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { buyingKeys, listingPath, MARKET_ROOT } from './keys.ts';

export interface BuyListingInput {
  listingId: string;
  /** The price the buyer saw (a different active price answers Commodity.PurchaseFailed, price_changed). */
  expectedPriceCents: number;
  idempotencyKey: string;
}

/**
 * POST /api/listings/:listingId/buy { expectedPriceCents } → the order, paid from the balance when it covers the
 * total (else awaiting payment with the shortfall). Refusals are shown by the dialog ('Purchase Failed' and why);
 * the pipeline still opens the contact-info dialog.
 */
export function buyListing({ listingId, expectedPriceCents, idempotencyKey }: BuyListingInput): Promise<BuyResult> {
  return api.post<BuyResult>(
    `${listingPath(listingId)}/buy`,
    { expectedPriceCents },
    { idempotencyKey, errorMode: 'silent' },
  );
}

/**
 * Buys; afterwards the buyer's state, the cart, orders, funds and messages are asked again. The market's own
 * queries are only marked stale, not refetched now: the page (or market row) the dialog was opened from must stay
 * while the dialog shows the result — refetched at once, a bought listing is gone (404) and the dialog with it.
 */
export function useBuyListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyListing,
    onSettled: () =>
      Promise.all([
        ...[buyingKeys.all, sharedKeys.orders, sharedKeys.funds, sharedKeys.messages].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
        queryClient.invalidateQueries({ queryKey: MARKET_ROOT, refetchType: 'none' }),
      ]),
  });
}
