import type { FundsSummary } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myAuctionKeys } from './keys';

/** GET /api/funds/summary, only to show the available balance beside what a payment costs (no toasts). */
export function getFundsSummary(signal?: AbortSignal): Promise<FundsSummary> {
  return api.get<FundsSummary>('/funds/summary', undefined, { errorMode: 'silent', signal });
}

export function useAvailableBalance(enabled: boolean) {
  return useQuery({
    queryKey: myAuctionKeys.fundsSummary(),
    queryFn: ({ signal }) => getFundsSummary(signal),
    enabled,
    staleTime: 0,
    retry: false,
    select: (summary) => summary.availableCents,
  });
}
