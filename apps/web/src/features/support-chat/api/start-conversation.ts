import { type ChatStartRequest, type ChatStartResult, ChatStartResultSchema } from '@namebourse/contract';
import { API_CODES, api } from '../../../lib/api-client.ts';

export const CHAT_CONVERSATIONS_PATH = '/support/conversations';

/**
 * POST /api/support/conversations: a signed-in user's unclosed conversation (or a new one); a visitor gives an
 * e-mail (and a name) and receives the conversation's token once. An expired session is not sent to the sign-in
 * page from the chat window: the call fails with Account.Unauthorized and the window offers both ways.
 */
export async function startConversation(body: ChatStartRequest): Promise<ChatStartResult> {
  return ChatStartResultSchema.parse(
    await api.post<unknown>(CHAT_CONVERSATIONS_PATH, body, {
      errorMode: 'message',
      handlers: {
        [API_CODES.unauthorized]: () => {
          // The window shows the visitor form instead.
        },
      },
    }),
  );
}
