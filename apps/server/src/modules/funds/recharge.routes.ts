import {
  pageSchema,
  RechargeCreatedSchema,
  RechargeRequestSchema,
  RechargeSchema,
  RechargesQuerySchema,
  WebhookAckSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxOf } from '../../adapters/payments/payments.ts';
import { sandboxRoutes } from '../../adapters/payments/sandbox.routes.ts';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { cardRoutes } from './cards.routes.ts';
import {
  applyPaymentEvent,
  createRecharge,
  getRecharge,
  listRecharges,
  registerRechargeSweeper,
} from './recharge.service.ts';

const tags = ['funds'];
/** A provider's webhook body is small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Top-up routes (registered under /api): POST /funds/recharge, the user's recharges, the payment
 * provider's webhook, the sandbox provider's hosted-page backend and saved bank cards.
 */
export const rechargeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRechargeSweeper(app);

  app.post(
    '/funds/recharge',
    {
      schema: {
        tags,
        summary: 'Start a top-up',
        description:
          'Minimum 5 USD; the fee (rate per method: the rechargeFeeCardBps / rechargeFeeAlipayBps parameters) is paid on top. Answers the ' +
          "provider's hosted page (`payUrl`) to send the browser to; with `cardId` the saved card is charged " +
          "without a redirect and `payUrl` is the result page. The balance is credited when the provider's " +
          'signed webhook confirms the payment. Honours Idempotency-Key. Errors: Request.Invalid, ' +
          'Funds.CardNotFound.',
        body: RechargeRequestSchema,
        response: { 200: okSchema(RechargeCreatedSchema) },
      },
      config: { errors: ['Funds.CardNotFound'], access: 'user' },
    },
    async (request) => ok(await createRecharge(app, requireUser(request), request.body, request.locale)),
  );

  app.get(
    '/funds/recharges',
    {
      schema: {
        tags,
        summary: 'My top-ups, newest first',
        querystring: RechargesQuerySchema,
        response: { 200: okSchema(pageSchema(RechargeSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listRecharges(app, requireUser(request).id, request.query)),
  );

  app.get(
    '/funds/recharges/:rechargeId',
    {
      schema: {
        tags,
        summary: 'One of my top-ups (the result page polls it until the webhook has landed)',
        description: 'Funds.RechargeNotFound for an unknown id or one of another account.',
        params: z.object({ rechargeId: z.string().min(1).max(40) }),
        response: { 200: okSchema(RechargeSchema) },
      },
      config: { errors: ['Funds.RechargeNotFound'], access: { owner: 'recharge' } },
    },
    async (request) => ok(await getRecharge(app, requireUser(request).id, request.params.rechargeId)),
  );

  // The provider's webhook: signed over the exact bytes sent, so this scope keeps the raw body.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/payments/webhook/:provider',
      {
        schema: {
          tags: ['payments'],
          summary: "The payment provider's signed webhook",
          description:
            'Called by the provider, not by browsers: no sign-in, no CSRF token. The body is verified against ' +
            'the signature header (HMAC-SHA256 over `<timestamp>.<raw body>`, 5-minute tolerance); tampered, ' +
            'unsigned or stale calls get 400 Funds.WebhookSignatureInvalid. Each event is applied once: a ' +
            'replay or duplicate is acknowledged with `duplicate: true`. An event for an unknown session ' +
            'gets 404, so the provider retries it.',
          params: z.object({ provider: z.string().min(1).max(40) }),
          response: { 200: okSchema(WebhookAckSchema) },
        },
        config: { access: 'public', csrf: false, idempotency: false },
      },
      async (request) => {
        const provider = app.platform.payments;
        if (request.params.provider !== provider.name) throw new AppError('Request.NotFound');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = provider.verifyWebhook(raw, request.headers);
        const { duplicate } = await applyPaymentEvent(app, provider.name, event);
        return ok({ received: true as const, duplicate });
      },
    );
  });

  const sandbox = sandboxOf(app.platform.payments);
  if (sandbox) await app.register(sandboxRoutes(sandbox));
  await app.register(cardRoutes);
};
