import {
  ClockAdvanceSchema,
  ClockStateSchema,
  DevPaymentsRequestSchema,
  DevPaymentsStateSchema,
  DevRegistrarRequestSchema,
  DevRegistrarStateSchema,
  OutboxListSchema,
  OutboxQuerySchema,
  SweepResultSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxOf } from '../../adapters/payments/payments.ts';
import { simulatorOf } from '../../adapters/registrar/simulator.ts';
import type { Clock } from '../../platform/clock.ts';
import { isManualClock } from '../../platform/clock.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';

function clockState(clock: Clock) {
  return { now: clock.now().toISOString(), mode: clock.mode };
}

/**
 * Dev tools (API.md, DESIGN.md §3): read the outbox, read and move the manual clock, run the
 * sweeper now. Only with DEV_TOOLS=1 and never in production; otherwise every /api/dev/* path
 * answers 404 `Dev.Disabled`. The POST routes are CSRF-exempt: scripts call them without a browser.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.platform;
  if (!config.devTools || config.isProduction) {
    app.all('/dev/*', { schema: { hide: true }, config: { access: 'public', csrf: false } }, async () => {
      throw new AppError('Dev.Disabled');
    });
    app.all('/dev', { schema: { hide: true }, config: { access: 'public', csrf: false } }, async () => {
      throw new AppError('Dev.Disabled');
    });
    return;
  }

  app.get(
    '/dev/outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dev'],
        summary: 'Mails and SMS sent to an address or phone (E.164), newest first, with their codes',
        querystring: OutboxQuerySchema,
        response: { 200: okSchema(OutboxListSchema) },
      },
    },
    async (request) => ok({ items: await app.platform.outbox.listFor(request.query.to) }),
  );

  app.get(
    '/dev/clock',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dev'],
        summary: 'The current business time and clock mode',
        response: { 200: okSchema(ClockStateSchema) },
      },
    },
    async () => ok(clockState(app.platform.clock)),
  );

  app.post(
    '/dev/clock/advance',
    {
      config: { access: 'public', csrf: false, idempotency: false },
      schema: {
        tags: ['dev'],
        summary: 'Moves the manual clock forward (409 Dev.ClockNotManual on the system clock)',
        body: ClockAdvanceSchema,
        response: { 200: okSchema(ClockStateSchema) },
      },
    },
    async (request) => {
      const { clock } = app.platform;
      if (!isManualClock(clock)) throw new AppError('Dev.ClockNotManual');
      clock.advance(request.body.seconds);
      return ok(clockState(clock));
    },
  );

  app.post(
    '/dev/payments',
    {
      config: { access: 'public', csrf: false, idempotency: false },
      schema: {
        tags: ['dev'],
        summary: 'Steers the sandbox payment provider: make the next n webhook deliveries fail, or reset',
        body: DevPaymentsRequestSchema,
        response: { 200: okSchema(DevPaymentsStateSchema) },
      },
    },
    async (request) => {
      const sandbox = sandboxOf(app.platform.payments);
      if (!sandbox) throw new AppError('Request.NotFound');
      if (request.body.reset) sandbox.reset();
      if (request.body.failWebhooks) sandbox.failWebhooks(request.body.failWebhooks);
      return ok(await sandbox.state());
    },
  );

  app.post(
    '/dev/registrar',
    {
      config: { access: 'public', csrf: false, idempotency: false },
      schema: {
        tags: ['dev'],
        summary:
          'Steers the registrar simulator for one domain: redeemed or not, unreachable or not, operations failing or not, their latency',
        description:
          'Instructions are kept in memory by this server process; without one, the simulator answers deterministically per domain (about 10% redeemed, operations succeed). `fail: true` makes every call about the domain reject (registrar unavailable) until `fail: false`. `failOperations` makes operations accepted from now on (lock, renew, redeem, transfers) fail with that reason (`registrar: <reason>`, or as given when it starts with a domain reason code such as `wrong_code`); null makes them succeed again. `latencySeconds` is the clock time before their result is ready; null restores the defaults (30–180 s per domain and kind, 5 days for a standard transfer out, 5 minutes for a transfer in). The outcome is decided when an operation is accepted and travels in its ticket, so any instance polling it agrees.',
        body: DevRegistrarRequestSchema,
        response: { 200: okSchema(DevRegistrarStateSchema) },
      },
    },
    async (request) => {
      const simulator = simulatorOf(app.platform.registrar);
      if (!simulator) throw new AppError('Request.NotFound');
      const { domain, redeemed, fail, reset, failOperations, latencySeconds } = request.body;
      if (reset) simulator.reset(domain);
      return ok(simulator.steer(domain, { redeemed, fail, failOperations, latencySeconds }));
    },
  );

  app.post(
    '/dev/sweep',
    {
      config: { access: 'public', csrf: false, idempotency: false },
      schema: {
        tags: ['dev'],
        summary: 'Runs every due transition now; returns what was advanced',
        response: { 200: okSchema(SweepResultSchema) },
      },
    },
    async () => ok(await app.platform.sweeper.runOnce()),
  );
};
