import {
  ChatAccountSummarySchema,
  ChatAgentListQuerySchema,
  ChatCloseRequestSchema,
  ChatConversationParamsSchema,
  ChatConversationSchema,
  ChatQueueItemSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import {
  accountSummary,
  claimConversation,
  closeConversation,
  listAgentConversations,
  listQueue,
} from './chat.agent.service.ts';
import type { ChatContext } from './chat.service.ts';

const tags = ['support'];
/** Support staff: role support (admins hold every role). */
const STAFF = { operator: 'support' } as const;

/**
 * The agents' side of the chat (registered under /api; /admin/support in the console): the queue, claiming,
 * closing with a note and the user beside the chat. Agents read and reply through /support/conversations/….
 */
export const chatAgentRoutes: FastifyPluginAsyncZod<{ ctx: ChatContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/support/queue',
    {
      schema: {
        tags,
        summary: 'Conversations waiting for an agent, longest waiting first',
        response: { 200: okSchema(z.object({ items: z.array(ChatQueueItemSchema) })) },
      },
      config: { access: STAFF },
    },
    async () => ok({ items: await listQueue(ctx) }),
  );

  app.get(
    '/admin/support/conversations',
    {
      schema: {
        tags,
        summary: 'My claimed conversations (open, or closed ones)',
        querystring: ChatAgentListQuerySchema,
        response: { 200: okSchema(z.object({ items: z.array(ChatQueueItemSchema) })) },
      },
      config: { access: STAFF },
    },
    async (request) => ok({ items: await listAgentConversations(ctx, requireUser(request), request.query.status) }),
  );

  app.post(
    '/admin/support/conversations/:conversationId/claim',
    {
      schema: {
        tags,
        summary: 'Claim a waiting conversation',
        description:
          'One agent per conversation: when two claim at once, one wins and the other gets Chat.AlreadyClaimed. ' +
          'Claiming one already yours answers it unchanged. Audited.',
        params: ChatConversationParamsSchema,
        response: { 200: okSchema(ChatConversationSchema) },
      },
      config: {
        access: STAFF,
        errors: ['Chat.ConversationNotFound', 'Chat.ConversationClosed', 'Chat.AlreadyClaimed'],
      },
    },
    async (request) => ok(await claimConversation(ctx, requireUser(request), request.params.conversationId)),
  );

  app.post(
    '/admin/support/conversations/:conversationId/close',
    {
      schema: {
        tags,
        summary: 'Close a conversation with a note',
        description:
          'Its agent (or an admin; any agent while it still waits) closes it; the note is for support staff only. ' +
          'The transcript is kept. Audited.',
        params: ChatConversationParamsSchema,
        body: ChatCloseRequestSchema,
        response: { 200: okSchema(ChatConversationSchema) },
      },
      config: {
        access: STAFF,
        errors: ['Chat.ConversationNotFound', 'Chat.ConversationClosed', 'Chat.NotClaimed'],
      },
    },
    async (request) =>
      ok(await closeConversation(ctx, requireUser(request), request.params.conversationId, request.body.note)),
  );

  app.get(
    '/admin/support/conversations/:conversationId/summary',
    {
      schema: {
        tags,
        summary: 'The user beside the chat: account, balances, recent orders',
        params: ChatConversationParamsSchema,
        response: { 200: okSchema(ChatAccountSummarySchema) },
      },
      config: { access: STAFF, errors: ['Chat.ConversationNotFound'] },
    },
    async (request) => ok(await accountSummary(ctx, requireUser(request), request.params.conversationId)),
  );
};
