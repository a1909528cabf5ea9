import type { Ownership } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sellerListingKeys } from './get-listings.ts';

export function ownershipPath(domain: string): string {
  return `/ownership/${encodeURIComponent(domain)}`;
}

/** GET /api/ownership/:domain → the TXT record to publish and the last check's result. */
export function getOwnership(domain: string, signal?: AbortSignal): Promise<Ownership> {
  return api.get<Ownership>(ownershipPath(domain), undefined, { errorMode: 'message', signal });
}

export function useOwnership(domain: string) {
  return useQuery({
    queryKey: sellerListingKeys.ownership(domain),
    queryFn: ({ signal }) => getOwnership(domain, signal),
  });
}
