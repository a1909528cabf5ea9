import { FeedbackRequestSchema, FeedbackResponseSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../platform/envelope.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { presentFeedback } from './support.presenter.ts';
import { submitFeedback } from './support.service.ts';

/** Feedback per client IP: 5 messages per 10 minutes. */
export const FEEDBACK_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/** Help-centre routes (registered under /api). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/general/service/feedback',
    {
      schema: {
        tags: ['support'],
        summary: 'Send a contact-us message',
        body: FeedbackRequestSchema,
        response: { 200: okSchema(FeedbackResponseSchema) },
      },
      config: { access: 'public', ...routeRateLimit(FEEDBACK_RATE_LIMIT) },
    },
    async (request) => {
      const { db, clock } = app.platform;
      // A signed-in sender's account is kept with the message (the triage queue shows it).
      const actor = request.user ? { accountNo: request.user.accountNo } : null;
      const row = await submitFeedback(db, clock, actor, request.body, {
        locale: request.locale,
        ip: request.ip || null,
        traceId: request.id,
      });
      return ok(presentFeedback(row));
    },
  );
};
