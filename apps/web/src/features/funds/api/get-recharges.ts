import type { Page, Recharge } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fundsKeys } from './keys.ts';

export const RECHARGES_PATH = '/funds/recharges';

/** GET /api/funds/recharges?page&pageSize: the user's top-ups, newest first. */
export function getRecharges(page: number, pageSize: number, signal?: AbortSignal): Promise<Page<Recharge>> {
  return api.get<Page<Recharge>>(RECHARGES_PATH, { page, pageSize }, { errorMode: 'message', signal });
}

/** While a top-up is still recharging the list refreshes itself, so its final status shows up. */
export function useRecharges(page: number, pageSize: number) {
  return useQuery({
    queryKey: fundsKeys.recharges(page, pageSize),
    queryFn: ({ signal }) => getRecharges(page, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'recharging') ? 10_000 : false),
  });
}
