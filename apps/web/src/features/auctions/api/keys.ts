import type { AuctionFilter, AuctionSort } from '@namebourse/contract';

/** TanStack Query keys of the auctions area. */
export const auctionKeys = {
  all: ['auctions'] as const,
  lists: () => [...auctionKeys.all, 'list'] as const,
  list: (query: { filter: AuctionFilter; sort: AuctionSort; page: number; pageSize: number }) =>
    [...auctionKeys.lists(), query] as const,
  details: () => [...auctionKeys.all, 'detail'] as const,
  detail: (auctionId: string) => [...auctionKeys.details(), auctionId] as const,
  bids: (auctionId: string) => [...auctionKeys.all, 'bids', auctionId] as const,
  bidsPage: (auctionId: string, page: number, pageSize: number) =>
    [...auctionKeys.bids(auctionId), { page, pageSize }] as const,
  chain: (auctionId: string) => [...auctionKeys.bids(auctionId), 'all'] as const,
  savedFilters: () => [...auctionKeys.all, 'saved-filters'] as const,
};

export const AUCTIONS_PATH = '/auctions';
export const auctionPath = (auctionId: string) => `${AUCTIONS_PATH}/${encodeURIComponent(auctionId)}`;
