import { type AdminPayee, AdminPayeeSchema, type PayeeReviewRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const reviewPayeePath = (payeeId: string) => `/admin/payees/${encodeURIComponent(payeeId)}/review`;

export interface ReviewPayeeInput {
  payeeId: string;
  body: PayeeReviewRequest;
}

/** POST /api/admin/payees/:payeeId/review: approve, reject or ask for a supplement (finance/admin). */
export async function reviewPayee({ payeeId, body }: ReviewPayeeInput): Promise<AdminPayee> {
  return AdminPayeeSchema.parse(await api.post<unknown>(reviewPayeePath(payeeId), body, { errorMode: 'message' }));
}

export function useReviewPayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewPayee,
    // The queue changes whatever the answer (another operator may have acted first: Payee.InvalidTransition).
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.payees() }),
  });
}
