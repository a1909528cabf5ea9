import type { Page, WonAuction } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type WonTab, wonQuery } from '../lib/tabs';
import { myAuctionKeys } from './keys';

export const WON_PATH = '/console/auctions/won';

/** A page of won lots with the moment (browser clock) it arrived, which the pay countdowns start from. */
export interface ReceivedWon extends Page<WonAuction> {
  receivedAtMs: number;
}

/** GET /api/console/auctions/won?status&page → Page<WonAuction> (each with its order). */
export function getWon(tab: WonTab, page: number, signal?: AbortSignal): Promise<Page<WonAuction>> {
  return api.get<Page<WonAuction>>(WON_PATH, wonQuery(tab, page), { errorMode: 'message', signal });
}

export function useWon(tab: WonTab, page: number) {
  return useQuery({
    queryKey: myAuctionKeys.won(wonQuery(tab, page)),
    queryFn: async ({ signal }): Promise<ReceivedWon> => ({
      ...(await getWon(tab, page, signal)),
      receivedAtMs: Date.now(),
    }),
    placeholderData: keepPreviousData,
  });
}
