import { type ChatConversation, ChatConversationSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportKeys } from './support-keys.ts';

export const supportClaimPath = (conversationId: string) =>
  `/admin/support/conversations/${encodeURIComponent(conversationId)}/claim`;

/** POST /api/admin/support/conversations/:id/claim: take a waiting conversation (Chat.AlreadyClaimed if another agent did). */
export async function claimSupportConversation(conversationId: string): Promise<ChatConversation> {
  return ChatConversationSchema.parse(
    await api.post<unknown>(supportClaimPath(conversationId), {}, { errorMode: 'silent' }),
  );
}

export function useClaimSupportConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimSupportConversation,
    // Whatever the answer, the queue and the agent's list have changed (or someone else took it).
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
