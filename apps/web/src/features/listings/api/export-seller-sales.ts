import type { SELLER_EXPORT_FORMATS, SellerSalesQuery } from '@namebourse/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadResult } from '../../../lib/api-client.ts';
import { SELLER_SALES_PATH } from './get-seller-sales.ts';
import { SELLER_STATISTICS_PATH } from './get-seller-statistics.ts';

export type SellerExportFormat = (typeof SELLER_EXPORT_FORMATS)[number];
/** What is exported: the sold domains (with the list's filters) or the statistics. */
export type SellerExportKind = 'sales' | 'statistics';

/** Building an export can outlast the usual 5 s until the server starts sending the file. */
export const SELLER_EXPORT_TIMEOUT_MS = 60_000;

export interface SellerExportInput {
  kind: SellerExportKind;
  format: SellerExportFormat;
  /** The sales list's filters (q, from, to); paging is left out: the file has every matching sale. */
  filter?: Partial<SellerSalesQuery>;
}

/**
 * GET /api/seller/sales?…&format=csv|xlsx or GET /api/seller/statistics?format=csv|xlsx in the client's download
 * mode: the file is saved under the server's content-disposition name. The caller shows a failure
 * ('Export failed, please try again later').
 */
export function exportSellerSales({ kind, format, filter = {} }: SellerExportInput): Promise<DownloadResult> {
  const { page: _page, pageSize: _pageSize, ...rest } = filter;
  const path = kind === 'sales' ? SELLER_SALES_PATH : SELLER_STATISTICS_PATH;
  return api.download(path, kind === 'sales' ? { ...rest, format } : { format }, {
    errorMode: 'silent',
    timeoutMs: SELLER_EXPORT_TIMEOUT_MS,
    filename: `${kind === 'sales' ? 'sales' : 'sales-statistics'}.${format}`,
  });
}

export function useExportSellerSales() {
  return useMutation({ mutationFn: exportSellerSales });
}
