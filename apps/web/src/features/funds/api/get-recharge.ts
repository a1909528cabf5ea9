import type { Recharge } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rechargePollDelay } from '../lib/recharge-poll.ts';
import { fundsKeys } from './keys.ts';

export const rechargePath = (rechargeId: string) => `/funds/recharges/${encodeURIComponent(rechargeId)}`;

/** GET /api/funds/recharges/:rechargeId. */
export function getRecharge(rechargeId: string, signal?: AbortSignal): Promise<Recharge> {
  return api.get<Recharge>(rechargePath(rechargeId), undefined, { errorMode: 'message', signal });
}

/**
 * One top-up, polled while it is recharging (the provider's webhook arrives asynchronously) and no more once
 * it succeeded or failed. `startedAt` is when the page began waiting (the poll slows down after a while).
 */
export function useRechargePolling(rechargeId: string, startedAt: number) {
  return useQuery({
    queryKey: fundsKeys.recharge(rechargeId),
    queryFn: ({ signal }) => getRecharge(rechargeId, signal),
    enabled: Boolean(rechargeId),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
    refetchInterval: (query) => rechargePollDelay(query.state.data?.status, Date.now() - startedAt),
    refetchIntervalInBackground: false,
  });
}
