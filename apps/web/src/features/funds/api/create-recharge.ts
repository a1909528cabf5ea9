import type { RechargeCreated, RechargeRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fundsKeys } from './keys.ts';

export const RECHARGE_PATH = '/funds/recharge';

/**
 * POST /api/funds/recharge with an Idempotency-Key: the same key and body return the first result, so a
 * double click or a retry after a lost answer starts one top-up. Errors are shown by the form.
 */
export function createRecharge({
  body,
  idempotencyKey,
}: {
  body: RechargeRequest;
  idempotencyKey: string;
}): Promise<RechargeCreated> {
  return api.post<RechargeCreated>(RECHARGE_PATH, body, { errorMode: 'message', idempotencyKey });
}

export function useCreateRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundsKeys.rechargesAll() }),
  });
}
