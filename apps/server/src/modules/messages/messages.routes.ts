import {
  MarkReadRequestSchema,
  MessageSchema,
  MessagesQuerySchema,
  pageSchema,
  UnreadCountSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { listMessages, markRead, unreadCount } from './messages.service.ts';

const tags = ['messages'];

/** The message centre (registered under /api): the signed-in user's own messages only. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/messages',
    {
      schema: {
        tags,
        summary: 'My messages',
        description:
          'Newest first; `unread=true` lists only unread ones. Titles and bodies are rendered in the caller’s ' +
          'language (Accept-Language) and the time zone of their settings (as their e-mails are).',
        querystring: MessagesQuerySchema,
        response: { 200: okSchema(pageSchema(MessageSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listMessages(app, requireUser(request).id, request.query, request)),
  );

  app.get(
    '/messages/unread-count',
    {
      schema: { tags, summary: 'How many messages are unread', response: { 200: okSchema(UnreadCountSchema) } },
      config: { access: 'user' },
    },
    async (request) => ok({ unread: await unreadCount(app, requireUser(request).id) }),
  );

  app.post(
    '/messages/read',
    {
      schema: {
        tags,
        summary: 'Mark messages read',
        description:
          '`{ messageIds }` marks those (Message.NotFound when one is not yours; nothing changes then) or ' +
          '`{ all: true }` marks every message read. Returns the unread count after.',
        body: MarkReadRequestSchema,
        response: { 200: okSchema(UnreadCountSchema) },
      },
      config: { errors: ['Message.NotFound'], access: { owner: 'message', id: 'messageIds' } },
    },
    async (request) => ok({ unread: await markRead(app, requireUser(request).id, request.body) }),
  );
};
