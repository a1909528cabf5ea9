import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const REVOKE_SESSION_PATH = '/account-manage/revoke-session';

/** POST /api/account-manage/revoke-session { sessionId }; failures are toasts. */
export function revokeSession(sessionId: string): Promise<unknown> {
  return api.post(REVOKE_SESSION_PATH, { sessionId });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}
