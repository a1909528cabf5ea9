import type { OfferStatus, OffersPage } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { buyingKeys } from '../../../components/buying/api/keys.ts';
import { api } from '../../../lib/api-client.ts';

export const OFFERS_PATH = '/offers';
export const OFFERS_PAGE_SIZE = 10;

export type OfferRole = 'buyer' | 'seller';

export interface OffersFilter {
  role: OfferRole;
  status?: OfferStatus | undefined;
  page: number;
}

/** TanStack Query keys of the offers page, under buying's offers root (a new offer from a market page refreshes it too). */
export const offerKeys = {
  all: buyingKeys.offers(),
  list: (filter: OffersFilter) => [...offerKeys.all, 'list', { ...filter, pageSize: OFFERS_PAGE_SIZE }] as const,
};

/** GET /api/offers?role&status&page&pageSize → the offers I made (buyer) or received (seller), with counts by status. */
export function getOffers(filter: OffersFilter, signal?: AbortSignal): Promise<OffersPage> {
  return api.get<OffersPage>(
    OFFERS_PATH,
    { role: filter.role, status: filter.status, page: filter.page, pageSize: OFFERS_PAGE_SIZE },
    { errorMode: 'message', signal },
  );
}

/** One page of offers; the previous page stays on screen while the next one loads. */
export function useOffers(filter: OffersFilter) {
  return useQuery({
    queryKey: offerKeys.list(filter),
    queryFn: ({ signal }) => getOffers(filter, signal),
    placeholderData: keepPreviousData,
  });
}
