import { type AdminSettlement, AdminSettlementSchema, type SettlementReviewRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const reviewSettlementPath = (settlementId: string) =>
  `/admin/settlements/${encodeURIComponent(settlementId)}/review`;

export interface ReviewSettlementInput {
  settlementId: string;
  body: SettlementReviewRequest;
}

/** POST /api/admin/settlements/:settlementId/review: approve (→ processing), paid (→ success), fail (→ failure). */
export async function reviewSettlement({ settlementId, body }: ReviewSettlementInput): Promise<AdminSettlement> {
  return AdminSettlementSchema.parse(
    await api.post<unknown>(reviewSettlementPath(settlementId), body, { errorMode: 'message' }),
  );
}

export function useReviewSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSettlement,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.settlements() }),
        // A failed settlement returns money to the user's earnings: balances shown elsewhere change.
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
      ]);
    },
  });
}
