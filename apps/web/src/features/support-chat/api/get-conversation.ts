import {
  CHAT_CLOSE_CODES,
  CHAT_VISITOR_TOKEN_HEADER,
  type ChatConversation,
  ChatConversationSchema,
} from '@namebourse/contract';
import { API_CODES, api, isApiError } from '../../../lib/api-client.ts';
import { CHAT_CONVERSATIONS_PATH } from './start-conversation.ts';

export const chatConversationPath = (conversationId: string) =>
  `${CHAT_CONVERSATIONS_PATH}/${encodeURIComponent(conversationId)}`;

export const VISITOR_CONVERSATION_PATH = '/support/visitor/conversation';

/**
 * GET /api/support/conversations/:id, or a visitor's GET /api/support/visitor/conversation (the token header names
 * the conversation). Silent: the caller decides.
 */
export async function getChatConversation(
  conversationId: string,
  visitorToken: string | null,
): Promise<ChatConversation> {
  const path = visitorToken ? VISITOR_CONVERSATION_PATH : chatConversationPath(conversationId);
  return ChatConversationSchema.parse(
    await api.get<unknown>(path, undefined, {
      errorMode: 'silent',
      headers: visitorToken ? { [CHAT_VISITOR_TOKEN_HEADER]: visitorToken } : undefined,
      handlers: {
        [API_CODES.unauthorized]: () => {
          // The window offers to sign in again; the chat window never jumps to the sign-in page by itself.
        },
      },
    }),
  );
}

/**
 * Before the socket reconnects: may this window still see the conversation? The request pipeline refreshes an
 * expired session cookie on the way (the WebSocket upgrade cannot). Answers the close code to end with, or null.
 */
export async function probeConversation(conversationId: string, visitorToken: string | null): Promise<number | null> {
  try {
    await getChatConversation(conversationId, visitorToken);
    return null;
  } catch (error) {
    if (!isApiError(error)) return null;
    if (error.code === API_CODES.unauthorized || error.code === 'Chat.VisitorTokenInvalid') {
      return CHAT_CLOSE_CODES.unauthorized;
    }
    if (error.code === 'Chat.ConversationNotFound') return CHAT_CLOSE_CODES.notFound;
    return null;
  }
}
