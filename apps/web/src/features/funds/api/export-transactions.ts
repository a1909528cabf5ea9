import { useMutation } from '@tanstack/react-query';
import { api, type DownloadResult } from '../../../lib/api-client.ts';
import type { HistoryQuery } from '../lib/history-filter.ts';
import { TRANSACTIONS_PATH } from './get-transactions.ts';

export type ExportFormat = 'csv' | 'xlsx';

/** Building a large export can outlast the usual 5 s until the server starts sending the file. */
export const EXPORT_TIMEOUT_MS = 60_000;

/**
 * GET /api/funds/transactions?…&format=csv|xlsx in the client's download mode: the file is saved under the
 * server's content-disposition name. Failures are shown by the caller ('Export failed, please try again later').
 */
export function exportTransactions({
  query,
  format,
}: {
  query: HistoryQuery;
  format: ExportFormat;
}): Promise<DownloadResult> {
  const { page: _page, pageSize: _pageSize, ...filter } = query;
  return api.download(
    TRANSACTIONS_PATH,
    { ...filter, format },
    { errorMode: 'silent', timeoutMs: EXPORT_TIMEOUT_MS, filename: `transactions.${format}` },
  );
}

export function useExportTransactions() {
  return useMutation({ mutationFn: exportTransactions });
}
