import { type AdminRestrictions, AdminRestrictionsSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { restrictionsKey, restrictionsPath } from './get-restrictions.ts';
import { adminKeys } from './keys.ts';

export interface LiftRestrictionInput {
  accountNo: string;
  /** A note for the user (optional). */
  reason: string;
}

/** DELETE /api/admin/users/:accountNo/restrictions (support/admin): lifts the restriction in force. */
export async function liftRestriction({ accountNo, reason }: LiftRestrictionInput): Promise<AdminRestrictions> {
  return AdminRestrictionsSchema.parse(
    await api.request<unknown>(
      { method: 'DELETE', path: restrictionsPath(accountNo), body: reason.trim() ? { reason: reason.trim() } : {} },
      { errorMode: 'message' },
    ),
  );
}

export function useLiftRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftRestriction,
    onSuccess: (result, { accountNo }) => {
      queryClient.setQueryData(restrictionsKey(accountNo), result);
    },
    onSettled: (_result, _error, { accountNo }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.user(accountNo) }),
  });
}
