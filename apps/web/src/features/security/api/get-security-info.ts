import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SecurityInfo } from '../lib/security-checklist.ts';
import { securityKeys } from './keys.ts';

export const SECURITY_INFO_PATH = '/account-manage/get-security-info';

/** GET /api/account-manage/get-security-info; the page shows errors inline. */
export async function getSecurityInfo(signal?: AbortSignal): Promise<SecurityInfo> {
  const data = await api.get<Partial<SecurityInfo> | null>(SECURITY_INFO_PATH, undefined, {
    errorMode: 'message',
    signal,
  });
  return {
    hasAuthenticator: Boolean(data?.hasAuthenticator),
    securePhone: data?.securePhone ?? null,
    secureEmail: data?.secureEmail ?? null,
    loginMfaEnabled: Boolean(data?.loginMfaEnabled),
  };
}

export function useSecurityInfo() {
  return useQuery({ queryKey: securityKeys.info(), queryFn: ({ signal }) => getSecurityInfo(signal) });
}
