import { type QueuedSettlement, QueuedSettlementSchema, type SettlementDecision } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const settlementDecisionPath = (settlementId: string) =>
  `/admin/settlements/${encodeURIComponent(settlementId)}/review`;

export interface SettlementDecisionInput {
  settlementId: string;
  body: SettlementDecision;
}

/**
 * POST /api/admin/settlements/:settlementId/review: approve (a balance settlement is credited at once, a wire
 * goes to processing), paid (a wire, with the bank reference) or fail (with a reason).
 */
export async function decideSettlement({ settlementId, body }: SettlementDecisionInput): Promise<QueuedSettlement> {
  return QueuedSettlementSchema.parse(
    await api.post<unknown>(settlementDecisionPath(settlementId), body, { errorMode: 'message' }),
  );
}

export function useDecideSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSettlement,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.settlements() }),
        // The money moves between the user's buckets: balances shown elsewhere change.
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
      ]);
    },
  });
}
