import type { Page, Settlement, SettlementStatus } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { payoutsKeys } from './keys.ts';

export const SETTLEMENTS_PATH = '/funds/settlements';

export interface SettlementsQuery {
  status?: SettlementStatus;
  page: number;
  pageSize: number;
}

/** GET /api/funds/settlements?status&page&pageSize → Page<Settlement>. */
export function getSettlements(query: SettlementsQuery, signal?: AbortSignal): Promise<Page<Settlement>> {
  return api.get<Page<Settlement>>(SETTLEMENTS_PATH, query, { errorMode: 'message', signal });
}

export function useSettlements(query: SettlementsQuery) {
  return useQuery({
    queryKey: payoutsKeys.settlements(query),
    queryFn: ({ signal }) => getSettlements(query, signal),
    placeholderData: keepPreviousData,
  });
}
