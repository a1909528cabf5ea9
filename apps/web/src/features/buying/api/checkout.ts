import type { CheckoutRequest, CheckoutResult } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { buyingKeys, CART_PATH, MARKET_ROOT } from '../../../components/buying/api/keys.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { type CheckoutLine, type CheckoutProgress, runCheckout } from '../lib/checkout.ts';

export const CHECKOUT_PATH = `${CART_PATH}/checkout`;

/**
 * POST /api/cart/checkout { items: [{ listingId, priceCents }] } → the orders made and the lines that failed.
 * Silent: the page reports each line (a slice refused as a whole is reported line by line).
 */
export function checkout(body: CheckoutRequest): Promise<CheckoutResult> {
  return api.post<CheckoutResult>(CHECKOUT_PATH, body, { errorMode: 'silent' });
}

export type CheckoutRun =
  | { phase: 'idle' }
  | { phase: 'running'; progress: CheckoutProgress }
  | { phase: 'done'; report: CheckoutResult };

/**
 * Checks out the cart's lines in slices with progress, then the partial-success report. Afterwards the cart,
 * orders, funds, messages and the market are asked again.
 */
export function useCheckout(fallbackMessage: string) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<CheckoutRun>({ phase: 'idle' });
  const start = useCallback(
    async (lines: CheckoutLine[]) => {
      const report = await runCheckout(
        lines,
        (items) => checkout({ items }),
        (progress) => setRun({ phase: 'running', progress }),
        (error) => ({
          code: isApiError(error) ? error.code : 'Request.Failed',
          message: isApiError(error) && error.message ? error.message : fallbackMessage,
        }),
      );
      setRun({ phase: 'done', report });
      await Promise.all(
        [buyingKeys.all, MARKET_ROOT, sharedKeys.orders, sharedKeys.funds, sharedKeys.messages].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    [queryClient, fallbackMessage],
  );
  const dismiss = useCallback(() => setRun({ phase: 'idle' }), []);
  return { run, start, dismiss };
}
