import { type AdminRestrictions, AdminRestrictionsSchema, type RestrictRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { restrictionsKey, restrictionsPath } from './get-restrictions.ts';
import { adminKeys } from './keys.ts';

export interface RestrictUserInput {
  accountNo: string;
  body: RestrictRequest;
  idempotencyKey: string;
}

/** POST /api/admin/users/:accountNo/restrictions (support/admin): the restrictions after the new one. */
export async function restrictUser({ accountNo, body, idempotencyKey }: RestrictUserInput): Promise<AdminRestrictions> {
  return AdminRestrictionsSchema.parse(
    await api.post<unknown>(restrictionsPath(accountNo), body, { errorMode: 'message', idempotencyKey }),
  );
}

export function useRestrictUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restrictUser,
    onSuccess: (result, { accountNo }) => {
      queryClient.setQueryData(restrictionsKey(accountNo), result);
    },
    // The user's recorded changes (history) show the restriction too.
    onSettled: (_result, _error, { accountNo }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.user(accountNo) }),
  });
}
