import type { FundsSummary } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

export const FUNDS_SUMMARY_PATH = '/funds/summary';

/** GET /api/funds/summary, only to show the available balance next to what a payment costs (no toasts). */
export function getFundsSummary(signal?: AbortSignal): Promise<FundsSummary> {
  return api.get<FundsSummary>(FUNDS_SUMMARY_PATH, undefined, { errorMode: 'silent', signal });
}

export function useAvailableBalance(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.fundsSummary(),
    queryFn: ({ signal }) => getFundsSummary(signal),
    enabled,
    staleTime: 0,
    retry: false,
    select: (summary) => summary.availableCents,
  });
}
