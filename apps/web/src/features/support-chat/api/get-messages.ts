import {
  CHAT_VISITOR_TOKEN_HEADER,
  type ChatHistory,
  type ChatHistoryQuery,
  ChatHistorySchema,
} from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { CHAT_CONVERSATIONS_PATH } from './start-conversation.ts';

export const chatMessagesPath = (conversationId: string) =>
  `${CHAT_CONVERSATIONS_PATH}/${encodeURIComponent(conversationId)}/messages`;
export const VISITOR_MESSAGES_PATH = '/support/visitor/messages';

/**
 * GET /api/support/conversations/:id/messages (a visitor: /api/support/visitor/messages with the token header): a
 * page of messages (older ones with `beforeId`), oldest first.
 */
export async function getChatMessages(
  conversationId: string,
  query: ChatHistoryQuery,
  visitorToken: string | null,
): Promise<ChatHistory> {
  return ChatHistorySchema.parse(
    await api.get<unknown>(visitorToken ? VISITOR_MESSAGES_PATH : chatMessagesPath(conversationId), query, {
      errorMode: 'silent',
      headers: visitorToken ? { [CHAT_VISITOR_TOKEN_HEADER]: visitorToken } : undefined,
    }),
  );
}
