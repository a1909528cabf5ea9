import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageRoutes } from './messages.routes.ts';

/** The message centre (registered under /api): list, unread count, mark read. */
export const messagesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(messageRoutes);
};
