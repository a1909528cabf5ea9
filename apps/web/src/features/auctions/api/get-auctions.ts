import type { AuctionFilter, AuctionSearchPage, AuctionSort } from '@namebourse/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { AUCTIONS_PATH, auctionKeys } from './keys.ts';

export interface AuctionsQuery {
  filter: AuctionFilter;
  sort: AuctionSort;
  page: number;
  pageSize: number;
}

/**
 * GET /api/auctions with the spec's filter names (prices in whole dollars), sort and paging; errors
 * shown in the page. Large result sets come with an estimated total (`totalIsEstimate`).
 */
export function getAuctions(query: AuctionsQuery, signal?: AbortSignal): Promise<AuctionSearchPage> {
  return api.get<AuctionSearchPage>(
    AUCTIONS_PATH,
    { ...query.filter, sort: query.sort, page: query.page, pageSize: query.pageSize },
    { errorMode: 'message', signal },
  );
}

/** The list's query (the page and the server renderer share it). */
export function auctionsQuery(query: AuctionsQuery) {
  return queryOptions({
    queryKey: auctionKeys.list(query),
    queryFn: ({ signal }) => getAuctions(query, signal),
    retry: false,
  });
}

export function useAuctions(query: AuctionsQuery) {
  return useQuery({ ...auctionsQuery(query), placeholderData: keepPreviousData });
}
