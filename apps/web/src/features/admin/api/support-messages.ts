import { type ChatHistory, ChatHistorySchema } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';

export const supportMessagesPath = (conversationId: string) =>
  `/support/conversations/${encodeURIComponent(conversationId)}/messages`;

/** GET /api/support/conversations/:id/messages?beforeId=…: an older page of a conversation, oldest first. */
export async function getOlderSupportMessages(conversationId: string, beforeId: string): Promise<ChatHistory> {
  return ChatHistorySchema.parse(
    await api.get<unknown>(supportMessagesPath(conversationId), { beforeId }, { errorMode: 'silent' }),
  );
}
