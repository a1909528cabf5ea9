import type { AuctionSummary, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const WATCHED_LOTS_PAGE_SIZE = 10;

/** Keys under ['watchlist'], the root the auctions' watch star refreshes. */
export const watchedLotKeys = {
  all: ['watchlist', 'lots'] as const,
  list: (page: number) => [...watchedLotKeys.all, { page, pageSize: WATCHED_LOTS_PAGE_SIZE }] as const,
};

/** GET /api/watchlist?page&pageSize → the lots I watch, in any status, most recently watched first. */
export function getWatchedLots(page: number, signal?: AbortSignal): Promise<Page<AuctionSummary>> {
  return api.get<Page<AuctionSummary>>(
    '/watchlist',
    { page, pageSize: WATCHED_LOTS_PAGE_SIZE },
    { errorMode: 'message', signal },
  );
}

export function useWatchedLots(page: number, enabled = true) {
  return useQuery({
    queryKey: watchedLotKeys.list(page),
    queryFn: ({ signal }) => getWatchedLots(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** DELETE /api/watchlist/:auctionId (idempotent): stop watching a lot. */
export function unwatchLot(auctionId: string): Promise<unknown> {
  return api.delete(`/watchlist/${encodeURIComponent(auctionId)}`);
}
