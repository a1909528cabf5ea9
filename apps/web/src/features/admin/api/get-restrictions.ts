import { type AdminRestrictions, AdminRestrictionsSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const restrictionsPath = (accountNo: string) => `/admin/users/${encodeURIComponent(accountNo)}/restrictions`;
/** Under the user's keys (['admin', 'users']), so refreshing a user refreshes this too. */
export const restrictionsKey = (accountNo: string) => ['admin', 'users', 'restrictions', accountNo] as const;

/** GET /api/admin/users/:accountNo/restrictions: the restriction in force and every one before it. */
export async function getRestrictions(accountNo: string, signal?: AbortSignal): Promise<AdminRestrictions> {
  return AdminRestrictionsSchema.parse(
    await api.get<unknown>(restrictionsPath(accountNo), undefined, { errorMode: 'message', signal }),
  );
}

export function useRestrictions(accountNo: string) {
  return useQuery({
    queryKey: restrictionsKey(accountNo),
    queryFn: ({ signal }) => getRestrictions(accountNo, signal),
    enabled: accountNo !== '',
    staleTime: 0,
  });
}
