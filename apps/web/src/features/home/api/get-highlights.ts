import type { AuctionSummary } from '@namebourse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type HighlightKind = 'hot' | 'topDeals';

/** GET /api/auctions/hot (most bidders) and GET /api/auctions/top-deals (highest recent winning prices). */
export const HIGHLIGHT_PATHS: Record<HighlightKind, string> = {
  hot: '/auctions/hot',
  topDeals: '/auctions/top-deals',
};

/** At most this many cards per section. */
export const HIGHLIGHT_LIMIT = 8;

/** Quietly: a failing section is simply left out of the home page (no toast). */
export function getHighlights(kind: HighlightKind, signal?: AbortSignal): Promise<AuctionSummary[]> {
  return api.get<AuctionSummary[]>(HIGHLIGHT_PATHS[kind], undefined, { errorMode: 'silent', signal });
}

/** A section's query (the page and the server renderer share it). */
export function highlightsQuery(kind: HighlightKind) {
  return queryOptions({
    queryKey: ['home', 'highlights', kind] as const,
    queryFn: ({ signal }) => getHighlights(kind, signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useHighlights(kind: HighlightKind) {
  return useQuery(highlightsQuery(kind));
}
