import { ChatQueueItemSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_CODES, api } from '../../../lib/api-client.ts';
import { supportKeys } from './support-keys.ts';

export const SUPPORT_QUEUE_PATH = '/admin/support/queue';

/** The server answers `{ items }` (apps/server/src/modules/support/chat.agent.routes.ts). */
const QueueSchema = z.object({ items: z.array(ChatQueueItemSchema) }).transform((page) => page.items);

/** GET /api/admin/support/queue (support/admin): conversations nobody has taken yet, longest waiting first. */
export async function getSupportQueue(signal?: AbortSignal) {
  return QueueSchema.parse(await api.get<unknown>(SUPPORT_QUEUE_PATH, undefined, { errorMode: 'message', signal }));
}

/** The queue; refetched when the socket says it changed, and every 30 s (waiting times tick on the page). */
export function useSupportQueue() {
  return useQuery({
    queryKey: supportKeys.queue(),
    queryFn: ({ signal }) => getSupportQueue(signal),
    refetchInterval: 30_000,
    staleTime: 0,
  });
}

/**
 * Before the desk's socket reconnects: is the operator still signed in? (The request pipeline refreshes the session
 * cookie on the way; a refused WebSocket upgrade cannot.) Answers 4401 when not, null otherwise.
 */
export async function probeSupportDesk(): Promise<number | null> {
  try {
    await api.get<unknown>(SUPPORT_QUEUE_PATH, undefined, {
      errorMode: 'silent',
      handlers: {
        [API_CODES.unauthorized]: () => {
          // The desk shows that the connection ended; the console's guard handles signing in.
        },
      },
    });
    return null;
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    return code === API_CODES.unauthorized || code === 'Account.Forbidden' ? 4401 : null;
  }
}
