import { ChatQueueItemSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { supportKeys } from './support-keys.ts';

export const SUPPORT_CONVERSATIONS_PATH = '/admin/support/conversations';

/** The server answers `{ items }` (apps/server/src/modules/support/chat.agent.routes.ts). */
const ListSchema = z.object({ items: z.array(ChatQueueItemSchema) }).transform((page) => page.items);

/** GET /api/admin/support/conversations?status=open: the conversations this agent has taken and not closed. */
export async function getMySupportConversations(signal?: AbortSignal) {
  return ListSchema.parse(
    await api.get<unknown>(SUPPORT_CONVERSATIONS_PATH, { status: 'open' }, { errorMode: 'message', signal }),
  );
}

export function useMySupportConversations() {
  return useQuery({
    queryKey: supportKeys.mine(),
    queryFn: ({ signal }) => getMySupportConversations(signal),
    staleTime: 0,
  });
}
