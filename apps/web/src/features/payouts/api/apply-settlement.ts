import type { Settlement, SettlementRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SETTLEMENTS_PATH } from './get-settlements.ts';
import { payoutsKeys } from './keys.ts';

/**
 * POST /api/funds/settlements (MFA APPLY_SETTLEMENT: the client asks and retries). One Idempotency-Key per
 * application, so a retried request cannot settle twice.
 */
export function applySettlement(request: SettlementRequest, idempotencyKey: string): Promise<Settlement> {
  return api.post<Settlement>(SETTLEMENTS_PATH, request, { errorMode: 'message', idempotencyKey });
}

export function useApplySettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SettlementRequest; idempotencyKey: string }) =>
      applySettlement(request, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutsKeys.summary() }),
        queryClient.invalidateQueries({ queryKey: payoutsKeys.settlementLists() }),
      ]),
  });
}
