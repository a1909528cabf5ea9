import type { MyDomainsPage } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { learnServerTime } from '../../../components/auction/server-clock.ts';
import { api } from '../../../lib/api-client.ts';
import { type DomainsFilter, domainsQuery } from '../lib/filter.ts';
import { liveRefreshInterval } from '../lib/operations.ts';
import { domainKeys } from './keys.ts';

export { domainKeys } from './keys.ts';

export const DOMAINS_PATH = '/domains';

/**
 * GET /api/domains?keyword&status&tld&groupId&expiringWithinDays&lock&sort&page&pageSize → the page and the
 * server's time (learned, so 'transfer out possible from' compares with the server's clock); errors are shown in
 * the page.
 */
export async function getDomains(filter: DomainsFilter, signal?: AbortSignal): Promise<MyDomainsPage> {
  const page = await api.get<MyDomainsPage>(DOMAINS_PATH, domainsQuery(filter), { errorMode: 'message', signal });
  learnServerTime(page.serverTime, Date.now());
  return page;
}

/** The list; asked again every few seconds while a registrar result is awaited for a domain on the page. */
export function useDomains(filter: DomainsFilter) {
  return useQuery({
    queryKey: domainKeys.list(domainsQuery(filter)),
    queryFn: ({ signal }) => getDomains(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => liveRefreshInterval(query.state.data?.items),
  });
}
