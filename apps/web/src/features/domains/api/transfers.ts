import type { DomainTransfer, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type TransfersFilter, transfersPollInterval, transfersQuery } from '../lib/transfers-query.ts';
import { transfersKeys } from './transfers-keys.ts';

export const TRANSFERS_PATH = '/domains/transfers';

/** GET /api/domains/transfers?direction&status&keyword&page&pageSize: every transfer out and in. */
export function getTransfers(filter: TransfersFilter, signal?: AbortSignal): Promise<Page<DomainTransfer>> {
  return api.get<Page<DomainTransfer>>(TRANSFERS_PATH, transfersQuery(filter), { errorMode: 'message', signal });
}

/** The results, asked again every few seconds while a shown transfer is pending. */
export function useTransfers(filter: TransfersFilter) {
  return useQuery({
    queryKey: transfersKeys.list(transfersQuery(filter)),
    queryFn: ({ signal }) => getTransfers(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => transfersPollInterval(query.state.data?.items),
  });
}
