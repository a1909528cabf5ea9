import type { Payee, SavePayeeRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PAYEES_PATH } from './get-payees.ts';
import { payoutsKeys } from './keys.ts';

/** POST /api/funds/payees: create or edit the payee of that type (MFA SAVE_PAYEE: the client asks and retries). */
export function savePayee(request: SavePayeeRequest): Promise<Payee> {
  return api.post<Payee>(PAYEES_PATH, request, { errorMode: 'message' });
}

export function useSavePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.payees() }),
  });
}
