import {
  AdminFeedbackDetailSchema,
  AdminFeedbackQuerySchema,
  AdminFeedbackSchema,
  FeedbackIdParamsSchema,
  FeedbackReplyRequestSchema,
  pageSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { closeFeedback, getFeedbackDetail, listFeedbackQueue, replyToFeedback } from './feedback-triage.service.ts';

const tags = ['admin'];
/** Support staff (and admins, who hold every role). */
const triage = { access: { operator: ['support' as const] } };

/** Contact-us triage (registered under /api, paths under /admin/feedback): queue, detail, reply, close. */
export const feedbackTriageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/feedback',
    {
      schema: {
        tags,
        summary: 'Contact-us messages (the triage queue)',
        description:
          'By default the open ones, oldest first, each with its age (`ageSeconds`) and `overdue` past ' +
          'FEEDBACK_SLA_HOURS; `status` (open, replied, closed or all: newest first), `category` and `q` (part of the ' +
          'name, e-mail, number or message) filter. Roles: support, admin.',
        querystring: AdminFeedbackQuerySchema,
        response: { 200: okSchema(pageSchema(AdminFeedbackSchema)) },
      },
      config: triage,
    },
    async (request) => ok(await listFeedbackQueue(app, request.query)),
  );

  app.get(
    '/admin/feedback/:id',
    {
      schema: {
        tags,
        summary: 'One contact-us message with its replies',
        description: 'Feedback.NotFound (404). Roles: support, admin.',
        params: FeedbackIdParamsSchema,
        response: { 200: okSchema(AdminFeedbackDetailSchema) },
      },
      config: { ...triage, errors: ['Feedback.NotFound'] },
    },
    async (request) => ok(await getFeedbackDetail(app, request.params.id)),
  );

  app.post(
    '/admin/feedback/:id/reply',
    {
      schema: {
        tags,
        summary: 'Reply by e-mail',
        description:
          'E-mails `body` to the sender (subject and greeting in the language the message was written in, the ' +
          'message quoted), keeps the reply with the message and marks it replied. A message may get several ' +
          'replies; a closed one answers Feedback.InvalidTransition (409). When the mail cannot be sent, ' +
          'Feedback.SendFailed (502) and nothing is kept. Audited. Roles: support, admin.',
        params: FeedbackIdParamsSchema,
        body: FeedbackReplyRequestSchema,
        response: { 200: okSchema(AdminFeedbackDetailSchema) },
      },
      config: { ...triage, errors: ['Feedback.NotFound', 'Feedback.InvalidTransition', 'Feedback.SendFailed'] },
    },
    async (request) => ok(await replyToFeedback(app, requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/feedback/:id/close',
    {
      schema: {
        tags,
        summary: 'Close a message',
        description:
          'Nothing more to do, answered or not; a closed message takes no more replies. ' +
          'Feedback.InvalidTransition (409) when already closed. Audited. Roles: support, admin.',
        params: FeedbackIdParamsSchema,
        response: { 200: okSchema(AdminFeedbackDetailSchema) },
      },
      config: { ...triage, errors: ['Feedback.NotFound', 'Feedback.InvalidTransition'] },
    },
    async (request) => ok(await closeFeedback(app, requireUser(request), request.params.id)),
  );
};
