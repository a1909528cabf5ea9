import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementsRoutes } from './announcements.routes.ts';
import { chatRoutes } from './chat.routes.ts';
import { feedbackTriageRoutes } from './feedback-triage.routes.ts';
import { supportRoutes } from './support.routes.ts';

/**
 * Support (help centre, contact us, customer service): the contact-us form and its triage, the customer-service
 * chat (WebSocket and HTTP) and the help-centre announcements operators write.
 */
export const supportModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(supportRoutes);
  await app.register(feedbackTriageRoutes);
  await app.register(chatRoutes);
  await app.register(announcementsRoutes);
};
