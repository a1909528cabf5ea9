import { UnsubscribeInfoSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../platform/envelope.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { applyUnsubscribe, describeUnsubscribe } from './messages.mail.service.ts';

const tags = ['notifications'];
/** The token may come in the query (the link, RFC 8058 one-click) or in a JSON body (the web page). */
const TokenQuerySchema = z.object({ token: z.string().trim().min(1).max(200).optional() });
const UnsubscribeBodySchema = z
  .object({
    token: z.string().trim().min(1).max(200).optional(),
    /** RFC 8058: a mail client's one-click POST sends `List-Unsubscribe=One-Click`. */
    'List-Unsubscribe': z.string().max(40).optional(),
  })
  .optional();
const LIMIT = routeRateLimit({ max: 30, timeWindow: '10 minutes' });

/**
 * The unsubscribe link of a notification e-mail (registered under /api): no sign-in; the signed token
 * names the user and the category (messages.unsubscribe-token.ts). A forged, altered or truncated
 * token gets 400 Notification.UnsubscribeLinkInvalid.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // A mail client's one-click unsubscribe posts a form (RFC 8058); only this plugin's routes read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What an unsubscribe link switches off',
        description:
          'Anonymous. Describes the e-mail category the token stands for, the address (partly hidden) and ' +
          'whether that category is e-mailed now. Changes nothing.',
        querystring: TokenQuerySchema,
        response: { 200: okSchema(UnsubscribeInfoSchema) },
      },
      config: { access: 'public', errors: ['Notification.UnsubscribeLinkInvalid'], ...LIMIT },
    },
    async (request) => ok(await describeUnsubscribe(app, request.query.token)),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Switch an e-mail category off by its unsubscribe link',
        description:
          'Anonymous, no CSRF token (the signed token is the capability, and it can only switch its own ' +
          'category off). The token comes in the body `{ token }` or the query `?token=` (RFC 8058 one-click ' +
          'POST with `List-Unsubscribe=One-Click`). Repeating it answers the same.',
        querystring: TokenQuerySchema,
        body: UnsubscribeBodySchema,
        response: { 200: okSchema(UnsubscribeInfoSchema) },
      },
      config: {
        access: 'public',
        csrf: false,
        idempotency: false,
        errors: ['Notification.UnsubscribeLinkInvalid'],
        ...LIMIT,
      },
    },
    async (request) => ok(await applyUnsubscribe(app, request.body?.token ?? request.query.token)),
  );
};
