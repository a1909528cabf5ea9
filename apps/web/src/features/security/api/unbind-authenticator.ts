import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const UNBIND_AUTHENTICATOR_PATH = '/account-manage/unbind-authenticator';

/** POST /api/account-manage/unbind-authenticator (MFA-guarded). */
export function unbindAuthenticator(): Promise<unknown> {
  return api.post(UNBIND_AUTHENTICATOR_PATH, {}, { errorMode: 'message' });
}

export function useUnbindAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindAuthenticator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.info() }),
  });
}
