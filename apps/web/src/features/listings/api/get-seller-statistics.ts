import type { SellerStatistics } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sellerSalesKeys } from './get-seller-sales.ts';

export const SELLER_STATISTICS_PATH = '/seller/statistics';

/** GET /api/seller/statistics → totals, the last 12 months (UTC+8), by TLD and mode, sales under way, offers, views, open listings. */
export function getSellerStatistics(signal?: AbortSignal): Promise<SellerStatistics> {
  return api.get<SellerStatistics>(SELLER_STATISTICS_PATH, undefined, { errorMode: 'message', signal });
}

export function useSellerStatistics(enabled = true) {
  return useQuery({
    queryKey: sellerSalesKeys.statistics(),
    queryFn: ({ signal }) => getSellerStatistics(signal),
    enabled,
  });
}
