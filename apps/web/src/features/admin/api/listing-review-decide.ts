import { type AdminListing, AdminListingSchema, type ReviewBody } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const listingReviewPath = (listingId: string) => `/admin/listings/${encodeURIComponent(listingId)}/review`;

export interface ListingReviewInput {
  listingId: string;
  body: ReviewBody;
}

/** POST /api/admin/listings/:listingId/review: approve, reject or ask for a supplement (a reason but to approve). */
export async function decideListingReview({ listingId, body }: ListingReviewInput): Promise<AdminListing> {
  return AdminListingSchema.parse(
    await api.post<unknown>(listingReviewPath(listingId), body, { errorMode: 'message' }),
  );
}

export function useDecideListingReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideListingReview,
    // The queue changes whatever the answer (another operator may have decided first: Listing.InvalidTransition).
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.listingReviews() }),
  });
}
