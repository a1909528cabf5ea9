import type { Payee } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { payoutsKeys } from './keys.ts';

export function revokePayeePath(payeeId: string): string {
  return `/funds/payees/${encodeURIComponent(payeeId)}/revoke`;
}

/** POST /api/funds/payees/:payeeId/revoke (MFA REVOKE_PAYEE). */
export function revokePayee(payeeId: string): Promise<Payee> {
  return api.post<Payee>(revokePayeePath(payeeId), {}, { errorMode: 'message' });
}

export function useRevokePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePayee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.payees() }),
  });
}
