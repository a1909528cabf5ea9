import type { Page, WonAuction } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { learnServerTimeFromOrders } from '../../../components/auction/server-clock.ts';
import { api } from '../../../lib/api-client.ts';
import { type WonTab, wonQuery } from '../lib/tabs.ts';
import { myAuctionKeys } from './keys.ts';

export const WON_PATH = '/console/auctions/won';

/**
 * GET /api/console/auctions/won?status&page → Page<WonAuction> (each with its order). The orders' time left to
 * pay sets the server clock the pay countdowns read.
 */
export async function getWon(tab: WonTab, page: number, signal?: AbortSignal): Promise<Page<WonAuction>> {
  const answer = await api.get<Page<WonAuction>>(WON_PATH, wonQuery(tab, page), { errorMode: 'message', signal });
  learnServerTimeFromOrders(answer.items.map((won) => won.order));
  return answer;
}

export function useWon(tab: WonTab, page: number) {
  return useQuery({
    queryKey: myAuctionKeys.won(wonQuery(tab, page)),
    queryFn: ({ signal }) => getWon(tab, page, signal),
    placeholderData: keepPreviousData,
  });
}
