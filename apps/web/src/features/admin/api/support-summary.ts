import { type ChatAccountSummary, ChatAccountSummarySchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportKeys } from './support-keys.ts';

export const supportSummaryPath = (conversationId: string) =>
  `/admin/support/conversations/${encodeURIComponent(conversationId)}/summary`;

/** GET /api/admin/support/conversations/:id/summary: the user beside the chat (a visitor: name and e-mail only). */
export async function getSupportSummary(conversationId: string, signal?: AbortSignal): Promise<ChatAccountSummary> {
  return ChatAccountSummarySchema.parse(
    await api.get<unknown>(supportSummaryPath(conversationId), undefined, { errorMode: 'message', signal }),
  );
}

export function useSupportSummary(conversationId: string | null) {
  return useQuery({
    queryKey: supportKeys.summary(conversationId ?? ''),
    queryFn: ({ signal }) => getSupportSummary(conversationId ?? '', signal),
    enabled: conversationId !== null,
    staleTime: 30_000,
  });
}
