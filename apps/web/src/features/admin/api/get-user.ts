import { type AdminUserDetail, AdminUserDetailSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const adminUserPath = (accountNo: string) => `/admin/users/${encodeURIComponent(accountNo)}`;

/** GET /api/admin/users/:accountNo: balances, holds, recent ledger lines and recorded changes. */
export async function getAdminUser(accountNo: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return AdminUserDetailSchema.parse(
    await api.get<unknown>(adminUserPath(accountNo), undefined, { errorMode: 'message', signal }),
  );
}

export function useAdminUser(accountNo: string) {
  return useQuery({
    queryKey: adminKeys.user(accountNo),
    queryFn: ({ signal }) => getAdminUser(accountNo, signal),
    enabled: accountNo !== '',
    staleTime: 0,
  });
}
