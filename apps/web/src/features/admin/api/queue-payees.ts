import {
  type Page,
  type PayeeStatus,
  type QueueAssignedFilter,
  type QueuedPayee,
  QueuedPayeesPageSchema,
} from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const QUEUE_PAYEES_PATH = '/admin/payees';

export interface PayeeQueueParams {
  /** 'review': pending review + supplement submitted, oldest first; 'all': every status (optionally one). */
  queue: 'review' | 'all';
  status?: PayeeStatus | undefined;
  q?: string | undefined;
  assigned?: QueueAssignedFilter | undefined;
  page: number;
  pageSize?: number;
}

/** GET /api/admin/payees (finance/admin): each with its reviewer and age. */
export async function getPayeeQueue(query: PayeeQueueParams, signal?: AbortSignal): Promise<Page<QueuedPayee>> {
  const params = { ...query, status: query.queue === 'all' ? query.status : undefined, q: query.q || undefined };
  return QueuedPayeesPageSchema.parse(
    await api.get<unknown>(QUEUE_PAYEES_PATH, params, { errorMode: 'message', signal }),
  );
}

export function usePayeeQueue(query: PayeeQueueParams) {
  return useQuery({
    queryKey: adminKeys.payeeList({ ...query, layout: 'queue' }),
    queryFn: ({ signal }) => getPayeeQueue(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
