import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const BINDING_INFO_PATH = '/account-manage/get-authenticator-binding-info';

export interface AuthenticatorBindingInfo {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

/** GET /api/account-manage/get-authenticator-binding-info: a fresh secret and its QR code. */
export function getAuthenticatorBindingInfo(signal?: AbortSignal): Promise<AuthenticatorBindingInfo> {
  return api.get<AuthenticatorBindingInfo>(BINDING_INFO_PATH, undefined, { errorMode: 'message', signal });
}

/** Loaded only while the bind dialog is open; never cached once it closes. */
export function useAuthenticatorBindingInfo(enabled: boolean) {
  return useQuery({
    queryKey: securityKeys.bindingInfo(),
    queryFn: ({ signal }) => getAuthenticatorBindingInfo(signal),
    enabled,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
