import type { SandboxSession } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fundsKeys } from './keys.ts';

export const sandboxSessionPath = (sessionId: string) => `/payments/sandbox/${encodeURIComponent(sessionId)}`;

/** GET /api/payments/sandbox/:sessionId: what the provider's hosted page shows (no sign-in: the id is the secret). */
export function getSandboxSession(sessionId: string, signal?: AbortSignal): Promise<SandboxSession> {
  return api.get<SandboxSession>(sandboxSessionPath(sessionId), undefined, { errorMode: 'message', signal });
}

export function useSandboxSession(sessionId: string) {
  return useQuery({
    queryKey: fundsKeys.sandboxSession(sessionId),
    queryFn: ({ signal }) => getSandboxSession(sessionId, signal),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
    refetchOnWindowFocus: false,
  });
}
