import type { SandboxComplete } from '@namebourse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sandboxSessionPath } from './get-sandbox-session.ts';

export interface SandboxCompleted {
  status: string;
  returnUrl: string;
}

/** POST /api/payments/sandbox/:sessionId/complete: the sandbox's own pay / decline button. */
export function completeSandboxSession({
  sessionId,
  body,
}: {
  sessionId: string;
  body: SandboxComplete;
}): Promise<SandboxCompleted> {
  return api.post<SandboxCompleted>(`${sandboxSessionPath(sessionId)}/complete`, body, { errorMode: 'message' });
}

export function useCompleteSandboxSession() {
  return useMutation({ mutationFn: completeSandboxSession });
}
