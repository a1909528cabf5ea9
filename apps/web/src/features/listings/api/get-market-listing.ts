import type { MarketDetail } from '@namebourse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { MARKET_PATH, marketKeys } from './get-market.ts';

export const marketListingPath = (domain: string) => `${MARKET_PATH}/${encodeURIComponent(domain)}`;

/** GET /api/market/:domain → one listing's public page (Listing.NotFound → the 404 page). */
export function getMarketListing(domain: string, signal?: AbortSignal): Promise<MarketDetail> {
  return api.get<MarketDetail>(marketListingPath(domain), undefined, { errorMode: 'message', signal });
}

/** The listing's query (the page and the server renderer share it). */
export function marketListingQuery(domain: string) {
  return queryOptions({
    queryKey: marketKeys.detail(domain),
    queryFn: ({ signal }) => getMarketListing(domain, signal),
    retry: (count, error) => count < 1 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}

/** `null`: the address cannot name a domain, nothing to ask. */
export function useMarketListing(domain: string | null) {
  return useQuery({ ...marketListingQuery(domain ?? ''), enabled: domain !== null });
}
