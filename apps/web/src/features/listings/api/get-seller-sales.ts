import type { SellerSalesPage, SellerSalesQuery } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const SELLER_SALES_PATH = '/seller/sales';

/** TanStack Query keys of the seller's sales and statistics (under the seller centre's `listings`). */
export const sellerSalesKeys = {
  all: ['listings', 'seller-sales'] as const,
  list: (query: object) => ['listings', 'seller-sales', 'list', query] as const,
  statistics: () => ['listings', 'seller-sales', 'statistics'] as const,
};

/** GET /api/seller/sales?page&pageSize&q&from&to → my sold domains (newest first) and the filter's totals. */
export function getSellerSales(query: Partial<SellerSalesQuery>, signal?: AbortSignal): Promise<SellerSalesPage> {
  return api.get<SellerSalesPage>(SELLER_SALES_PATH, query, { errorMode: 'message', signal });
}

export function useSellerSales(query: Partial<SellerSalesQuery>) {
  return useQuery({
    queryKey: sellerSalesKeys.list(query),
    queryFn: ({ signal }) => getSellerSales(query, signal),
    placeholderData: keepPreviousData,
  });
}
