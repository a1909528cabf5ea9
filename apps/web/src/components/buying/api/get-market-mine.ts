import type { MarketMine } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { buyingKeys, marketMinePath } from './keys.ts';

/** GET /api/market/:domain/mine: the signed-in buyer's state of a listing (watched, in cart, own, open offer, balance). */
export function getMarketMine(domain: string, signal?: AbortSignal): Promise<MarketMine> {
  return api.get<MarketMine>(marketMinePath(domain), undefined, { errorMode: 'silent', signal });
}

/** Asked in the browser only, and only for a signed-in reader (the public page is rendered without it). */
export function useMarketMine(domain: string, enabled: boolean) {
  return useQuery({
    queryKey: buyingKeys.mine(domain),
    queryFn: ({ signal }) => getMarketMine(domain, signal),
    enabled,
    retry: false,
  });
}
