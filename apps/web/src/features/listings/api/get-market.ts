import type { MarketPage, MarketSort } from '@namebourse/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { MarketFilter } from '../lib/market-query.ts';

export const MARKET_PATH = '/market';

export interface MarketRequest {
  filter: MarketFilter;
  sort: MarketSort;
  page: number;
  pageSize: number;
}

/** TanStack Query keys of the public market. */
export const marketKeys = {
  all: ['market'] as const,
  lists: () => [...marketKeys.all, 'list'] as const,
  list: (query: MarketRequest) => [...marketKeys.lists(), query] as const,
  details: () => [...marketKeys.all, 'detail'] as const,
  detail: (domain: string) => [...marketKeys.details(), domain] as const,
};

/**
 * GET /api/market: fixed-price and offer listings on sale, with the filter (prices in cents), sort and paging;
 * each listing's description comes in the reader's language. Large result sets come with an estimated total.
 */
export function getMarket(query: MarketRequest, signal?: AbortSignal): Promise<MarketPage> {
  return api.get<MarketPage>(
    MARKET_PATH,
    { ...query.filter, sort: query.sort, page: query.page, pageSize: query.pageSize },
    { errorMode: 'message', signal },
  );
}

/** The list's query (the page and the server renderer share it). */
export function marketQuery(query: MarketRequest) {
  return queryOptions({
    queryKey: marketKeys.list(query),
    queryFn: ({ signal }) => getMarket(query, signal),
    retry: false,
  });
}

export function useMarket(query: MarketRequest) {
  return useQuery({ ...marketQuery(query), placeholderData: keepPreviousData });
}
