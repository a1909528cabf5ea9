import type { Operator } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { isOperator } from './answer-guards.ts';
import { API_CODES, api, isApiError } from './api-client.ts';

export const ADMIN_ME_PATH = '/admin/me';

/** Query key of GET /api/admin/me, per signed-in account (another account after a new sign-in asks again). */
export function operatorQueryKey(accountNo: string) {
  return ['admin', 'me', accountNo] as const;
}

/**
 * GET /api/admin/me: the signed-in operator, or Account.Forbidden for an ordinary user. Silent: the callers
 * decide what to show (the console guard a 'no permission' page, the account menu nothing), and an expired
 * session does not bounce the user to the sign-in page from here.
 */
export async function fetchOperator(signal?: AbortSignal): Promise<Operator> {
  const data = await api.get<unknown>(ADMIN_ME_PATH, undefined, {
    errorMode: 'silent',
    signal,
    handlers: {
      [API_CODES.unauthorized]: () => {
        // The caller treats it as "not signed in".
      },
    },
  });
  if (!isOperator(data)) throw new TypeError('GET /admin/me answered something that is not an operator');
  return data;
}

/** The operator behind the signed-in account; disabled without an account. Role changes are rare: cached 5 min. */
export function useOperator(accountNo: string, enabled = true) {
  return useQuery({
    queryKey: operatorQueryKey(accountNo),
    queryFn: ({ signal }) => fetchOperator(signal),
    enabled: enabled && accountNo !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Whether the error of GET /admin/me says the account is not an operator. */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.code === 'Account.Forbidden';
}

/** Whether the error of GET /admin/me says nobody is signed in (the refresh failed too). */
export function isSignedOut(error: unknown): boolean {
  return isApiError(error) && error.code === API_CODES.unauthorized;
}
