import type { MyAuction, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type MyAuctionTab, myAuctionsQuery } from '../lib/tabs.ts';
import { myAuctionKeys } from './keys.ts';

export const MY_AUCTIONS_PATH = '/console/auctions';

/** GET /api/console/auctions?status&page → Page<MyAuction>; errors are shown in the page (ErrorView). */
export function getMyAuctions(tab: MyAuctionTab, page: number, signal?: AbortSignal): Promise<Page<MyAuction>> {
  return api.get<Page<MyAuction>>(MY_AUCTIONS_PATH, myAuctionsQuery(tab, page), { errorMode: 'message', signal });
}

export function useMyAuctions(tab: MyAuctionTab, page: number) {
  return useQuery({
    queryKey: myAuctionKeys.bidding(myAuctionsQuery(tab, page)),
    queryFn: ({ signal }) => getMyAuctions(tab, page, signal),
    placeholderData: keepPreviousData,
    // Prices and leaders move while the page is open.
    refetchInterval: 30_000,
  });
}
