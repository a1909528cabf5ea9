import type { BidRecord, Page } from '@namebourse/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auctionKeys, auctionPath } from './keys.ts';

export type BidsPage = Page<BidRecord> & { chainHead?: string | null };

export const BIDS_PAGE_SIZE = 10;
const CHAIN_PAGE_SIZE = 100;

/** GET /api/auctions/:auctionId/bids?page&pageSize → the bid records, newest first (others masked). */
export function getBids(auctionId: string, page: number, pageSize: number, signal?: AbortSignal): Promise<BidsPage> {
  return api.get<BidsPage>(`${auctionPath(auctionId)}/bids`, { page, pageSize }, { errorMode: 'message', signal });
}

/** A page of a lot's bid records: the lot page's list, which the server renderer also fetches for the first view. */
export function bidsQuery(auctionId: string, page: number) {
  return queryOptions({
    queryKey: auctionKeys.bidsPage(auctionId, page, BIDS_PAGE_SIZE),
    queryFn: ({ signal }) => getBids(auctionId, page, BIDS_PAGE_SIZE, signal),
  });
}

export function useBids(auctionId: string, page: number) {
  return useQuery({ ...bidsQuery(auctionId, page), placeholderData: keepPreviousData });
}

/** Every record of a lot (all pages), for the chain check after close. */
export async function getAllBids(auctionId: string, signal?: AbortSignal): Promise<BidsPage> {
  const first = await getBids(auctionId, 1, CHAIN_PAGE_SIZE, signal);
  const items = [...first.items];
  const pages = Math.ceil(first.total / CHAIN_PAGE_SIZE);
  for (let page = 2; page <= pages; page += 1)
    items.push(...(await getBids(auctionId, page, CHAIN_PAGE_SIZE, signal)).items);
  return { ...first, items, page: 1, pageSize: items.length };
}

export function useAllBids(auctionId: string, enabled: boolean) {
  return useQuery({
    queryKey: auctionKeys.chain(auctionId),
    queryFn: ({ signal }) => getAllBids(auctionId, signal),
    enabled,
  });
}
