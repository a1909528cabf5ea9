import type { UnsubscribeInfo } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { UNSUBSCRIBE_PATH } from './get-unsubscribe.ts';

/** POST /api/notifications/unsubscribe `{ token }`: switches the link's category off (no sign-in). */
export function unsubscribe(token: string): Promise<UnsubscribeInfo> {
  return api.post<UnsubscribeInfo>(UNSUBSCRIBE_PATH, { token }, { errorMode: 'message' });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (data) => queryClient.setQueryData(['notifications', 'unsubscribe', token], data),
  });
}
