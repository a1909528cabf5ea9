import type { AuctionDetail } from '@namebourse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { learnServerTime } from '../../../components/auction/server-clock.ts';
import { api } from '../../../lib/api-client.ts';
import { auctionKeys, auctionPath } from './keys.ts';

/** The lot with the device time its answer arrived; its `serverTime` sets the server clock of every countdown. */
export interface ReceivedAuction extends AuctionDetail {
  receivedAtMs: number;
}

export function received(detail: AuctionDetail): ReceivedAuction {
  const receivedAtMs = Date.now();
  learnServerTime(detail.serverTime, receivedAtMs);
  return { ...detail, receivedAtMs };
}

/** GET /api/auctions/:auctionId → the lot (Auction.NotFound → the 404 page). */
export async function getAuction(auctionId: string, signal?: AbortSignal): Promise<ReceivedAuction> {
  return received(await api.get<AuctionDetail>(auctionPath(auctionId), undefined, { errorMode: 'message', signal }));
}

/** The lot's query (the page and the server renderer share it). */
export function auctionQuery(auctionId: string) {
  return queryOptions({
    queryKey: auctionKeys.detail(auctionId),
    queryFn: ({ signal }) => getAuction(auctionId, signal),
    retry: (count, error) => count < 1 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}

export function useAuction(auctionId: string) {
  return useQuery(auctionQuery(auctionId));
}
