import { type ListingQueueQuery, type Page, type QueuedListing, QueuedListingsPageSchema } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const QUEUE_LISTINGS_PATH = '/admin/listings/review';

/**
 * GET /api/admin/listings/review (support/admin): listings waiting for a person, oldest submission first, each
 * with its reviewer and age; `q` is part of the domain, `assigned` mine or untaken.
 */
export async function getListingQueue(query: ListingQueueQuery, signal?: AbortSignal): Promise<Page<QueuedListing>> {
  return QueuedListingsPageSchema.parse(
    await api.get<unknown>(QUEUE_LISTINGS_PATH, query, { errorMode: 'message', signal }),
  );
}

export function useListingQueue(query: ListingQueueQuery) {
  return useQuery({
    queryKey: adminKeys.listingReviewList({ ...query, layout: 'queue' }),
    queryFn: ({ signal }) => getListingQueue(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
