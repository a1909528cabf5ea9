import { type AdjustmentRequest, type AdminUserDetail, AdminUserDetailSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const INSUFFICIENT_BALANCE = 'Funds.InsufficientBalance';

export const adjustmentsPath = (accountNo: string) => `/admin/users/${encodeURIComponent(accountNo)}/adjustments`;

export interface AdjustUserInput {
  accountNo: string;
  body: AdjustmentRequest;
  /** One key per confirmed adjustment: a retried request never books it twice. */
  idempotencyKey: string;
}

/** POST /api/admin/users/:accountNo/adjustments (finance/admin): the user's detail after the correction. */
export async function adjustUser({ accountNo, body, idempotencyKey }: AdjustUserInput): Promise<AdminUserDetail> {
  return AdminUserDetailSchema.parse(
    await api.post<unknown>(adjustmentsPath(accountNo), body, {
      errorMode: 'message',
      idempotencyKey,
      handlers: {
        // A deduction larger than the bucket: the form says so in place, not the shoppers' 'Recharge' prompt.
        [INSUFFICIENT_BALANCE]: () => {},
      },
    }),
  );
}

export function useAdjustUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustUser,
    onSuccess: (detail, { accountNo }) => {
      queryClient.setQueryData(adminKeys.user(accountNo), detail);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.ledgerCheck() }),
      ]);
    },
  });
}
