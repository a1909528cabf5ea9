import type { Page, TransactionLine } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { HistoryQuery } from '../lib/history-filter.ts';
import { fundsKeys } from './keys.ts';

export const TRANSACTIONS_PATH = '/funds/transactions';

/** GET /api/funds/transactions?type&from&to&bucket&page&pageSize: the user's ledger lines, newest first. */
export function getTransactions(query: HistoryQuery, signal?: AbortSignal): Promise<Page<TransactionLine>> {
  return api.get<Page<TransactionLine>>(TRANSACTIONS_PATH, query, { errorMode: 'message', signal });
}

/** The history page; the previous page stays on screen while the next one loads. */
export function useTransactions(query: HistoryQuery, enabled = true) {
  return useQuery({
    queryKey: fundsKeys.transactions(query),
    queryFn: ({ signal }) => getTransactions(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
