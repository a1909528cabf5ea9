import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerMailSweepers } from './messages.mail.service.ts';
import { messageRoutes } from './messages.routes.ts';
import { notificationRoutes } from './notifications.routes.ts';

/**
 * The message centre (registered under /api): list, unread count, mark read; the e-mail of its
 * notices (sweepers) and the anonymous unsubscribe link.
 */
export const messagesModule: FastifyPluginAsyncZod = async (app) => {
  registerMailSweepers(app);
  await app.register(messageRoutes);
  await app.register(notificationRoutes);
};
