import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SecurityInfo } from '../lib/security-checklist.ts';
import { securityKeys } from './keys.ts';

export const UPDATE_LOGIN_MFA_PATH = '/account-manage/update-login-mfa';

/** POST /api/account-manage/update-login-mfa { enabled }; failures are toasts and the switch snaps back. */
export function updateLoginMfa(enabled: boolean): Promise<unknown> {
  return api.post(UPDATE_LOGIN_MFA_PATH, { enabled });
}

export function useUpdateLoginMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLoginMfa,
    onSuccess: (_data, enabled) => {
      queryClient.setQueryData<SecurityInfo>(securityKeys.info(), (old) =>
        old ? { ...old, loginMfaEnabled: enabled } : old,
      );
      return queryClient.invalidateQueries({ queryKey: securityKeys.info() });
    },
  });
}
