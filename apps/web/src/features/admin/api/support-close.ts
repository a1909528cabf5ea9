import { type ChatCloseRequest, type ChatConversation, ChatConversationSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportKeys } from './support-keys.ts';

export const supportClosePath = (conversationId: string) =>
  `/admin/support/conversations/${encodeURIComponent(conversationId)}/close`;

export interface CloseSupportInput {
  conversationId: string;
  body: ChatCloseRequest;
}

/** POST /api/admin/support/conversations/:id/close with the agent's note (kept with the transcript). */
export async function closeSupportConversation({ conversationId, body }: CloseSupportInput): Promise<ChatConversation> {
  return ChatConversationSchema.parse(
    await api.post<unknown>(supportClosePath(conversationId), body, { errorMode: 'message' }),
  );
}

export function useCloseSupportConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeSupportConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.mine() }),
  });
}
