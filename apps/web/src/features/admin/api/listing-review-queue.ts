import {
  type AdminListing,
  type AdminListingReviewQuery,
  AdminListingsPageSchema,
  type Page,
} from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const LISTING_REVIEW_PATH = '/admin/listings/review';

/**
 * GET /api/admin/listings/review (support/admin): listings waiting for a person, oldest submission first —
 * without `status` new listings and modifications of approved ones; `q` is part of the domain.
 */
export async function getListingReviews(
  query: AdminListingReviewQuery,
  signal?: AbortSignal,
): Promise<Page<AdminListing>> {
  return AdminListingsPageSchema.parse(
    await api.get<unknown>(LISTING_REVIEW_PATH, query, { errorMode: 'message', signal }),
  );
}

export function useListingReviews(query: AdminListingReviewQuery) {
  return useQuery({
    queryKey: adminKeys.listingReviewList(query),
    queryFn: ({ signal }) => getListingReviews(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
