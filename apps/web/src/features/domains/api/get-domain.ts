import type { DomainDetail } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { learnServerTime } from '../../../components/auction/index.ts';
import { api } from '../../../lib/api-client.ts';
import { domainKeys } from './keys.ts';

/** How often an open detail view asks again while a registrar operation on the domain is pending (ms). */
export const DOMAIN_DETAIL_POLL_MS = 5000;

/**
 * GET /api/domains/:name: one domain with its registry status (RDAP) and its recent registrar operations;
 * its `serverTime` sets the clock the page compares dates with.
 */
export async function getDomainDetail(name: string, signal?: AbortSignal): Promise<DomainDetail> {
  const detail = await api.get<DomainDetail>(`/domains/${encodeURIComponent(name)}`, undefined, {
    errorMode: 'message',
    signal,
  });
  learnServerTime(detail.serverTime);
  return detail;
}

export function useDomainDetail(name: string) {
  return useQuery({
    queryKey: [...domainKeys.all, 'detail', name],
    queryFn: ({ signal }) => getDomainDetail(name, signal),
    refetchInterval: (query) =>
      query.state.data?.operations.some((op) => op.status === 'pending') ? DOMAIN_DETAIL_POLL_MS : false,
  });
}
