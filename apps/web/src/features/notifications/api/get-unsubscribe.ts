import type { UnsubscribeInfo } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';

/** GET /api/notifications/unsubscribe?token= : what the link switches off (no sign-in; errors shown in place). */
export function getUnsubscribeInfo(token: string, signal?: AbortSignal): Promise<UnsubscribeInfo> {
  return api.get<UnsubscribeInfo>(UNSUBSCRIBE_PATH, { token }, { errorMode: 'message', signal });
}

export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: ['notifications', 'unsubscribe', token],
    queryFn: ({ signal }) => getUnsubscribeInfo(token, signal),
    enabled: token !== '',
    retry: false,
  });
}
