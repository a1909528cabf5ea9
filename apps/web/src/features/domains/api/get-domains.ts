import type { MyDomain, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type DomainsFilter, domainsQuery } from '../lib/filter.ts';

export const DOMAINS_PATH = '/domains';

export const domainKeys = {
  all: ['domains'] as const,
  list: (query: object) => ['domains', 'list', query] as const,
};

/** GET /api/domains?keyword&page&pageSize → Page<MyDomain>; errors are shown in the page (ErrorView). */
export function getDomains(filter: DomainsFilter, signal?: AbortSignal): Promise<Page<MyDomain>> {
  return api.get<Page<MyDomain>>(DOMAINS_PATH, domainsQuery(filter), { errorMode: 'message', signal });
}

export function useDomains(filter: DomainsFilter) {
  return useQuery({
    queryKey: domainKeys.list(domainsQuery(filter)),
    queryFn: ({ signal }) => getDomains(filter, signal),
    placeholderData: keepPreviousData,
  });
}
