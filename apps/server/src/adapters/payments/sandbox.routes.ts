import { SandboxCompletedSchema, SandboxCompleteSchema, SandboxSessionSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { SandboxProvider } from './sandbox.ts';

const tags = ['payments'];
const SessionParamsSchema = z.object({ sessionId: z.string().min(1).max(100) });

/**
 * The sandbox provider's own surface (API.md): what its hosted page `/pay/sandbox/:sessionId`
 * reads and its pay / decline button. Not ours in a real deployment (a real provider hosts its
 * page); no sign-in: the unguessable session id is the secret, as in a checkout link.
 */
export function sandboxRoutes(sandbox: SandboxProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/payments/sandbox/:sessionId',
      {
        config: { errors: ['Funds.PaymentSessionNotFound'], access: 'public' },
        schema: {
          tags,
          summary: 'The sandbox checkout page: what is being paid',
          description: 'Funds.PaymentSessionNotFound when there is no such session.',
          params: SessionParamsSchema,
          response: { 200: okSchema(SandboxSessionSchema) },
        },
      },
      async (request) => {
        const session = await sandbox.getSession(request.params.sessionId);
        if (!session) throw new AppError('Funds.PaymentSessionNotFound');
        return ok(session);
      },
    );

    app.post(
      '/payments/sandbox/:sessionId/complete',
      {
        config: { errors: ['Funds.PaymentSessionNotFound'], access: 'public' },
        schema: {
          tags,
          summary: "The sandbox checkout page's pay / decline button",
          description:
            'Card payments need `card` (test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is ' +
            'declined, 4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0341 saves but declines later ' +
            'charges); `saveCard` keeps it for later top-ups. Answers the outcome at once; the signed webhook ' +
            'follows asynchronously. Errors: Funds.PaymentSessionNotFound, Funds.PaymentSessionClosed, Request.Invalid.',
          params: SessionParamsSchema,
          body: SandboxCompleteSchema,
          response: { 200: okSchema(SandboxCompletedSchema) },
        },
      },
      async (request) => ok(await sandbox.completeSession(request.params.sessionId, request.body, request.locale)),
    );
  };
}
