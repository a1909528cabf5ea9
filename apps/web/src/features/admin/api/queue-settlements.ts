import {
  type Page,
  type QueueAssignedFilter,
  type QueuedSettlement,
  QueuedSettlementsPageSchema,
  type SettlementStatus,
} from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const QUEUE_SETTLEMENTS_PATH = '/admin/settlements';

export interface SettlementQueueParams {
  /** 'open': in review + processing; 'all': every status (optionally one). */
  queue: 'open' | 'all';
  status?: SettlementStatus | undefined;
  q?: string | undefined;
  assigned?: QueueAssignedFilter | undefined;
  page: number;
  pageSize?: number;
}

/** GET /api/admin/settlements (finance/admin): each with its reviewer and age. */
export async function getSettlementQueue(
  query: SettlementQueueParams,
  signal?: AbortSignal,
): Promise<Page<QueuedSettlement>> {
  const params = { ...query, status: query.queue === 'all' ? query.status : undefined, q: query.q || undefined };
  return QueuedSettlementsPageSchema.parse(
    await api.get<unknown>(QUEUE_SETTLEMENTS_PATH, params, { errorMode: 'message', signal }),
  );
}

export function useSettlementQueue(query: SettlementQueueParams) {
  return useQuery({
    queryKey: adminKeys.settlementList({ ...query, layout: 'queue' }),
    queryFn: ({ signal }) => getSettlementQueue(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
