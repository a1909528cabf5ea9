import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDns } from './adapters/dns/dns.ts';
import { createMailer } from './adapters/mail/mailer.ts';
import { Outbox } from './adapters/outbox/outbox.ts';
import { createPaymentProvider } from './adapters/payments/payments.ts';
import { createRdap } from './adapters/rdap/rdap.ts';
import { createRegistrar } from './adapters/registrar/registrar.ts';
import { createSmsSender } from './adapters/sms/sms.ts';
import type { Database } from './db/open-database.ts';
import { accountModule } from './modules/account/account.module.ts';
import { adminModule } from './modules/admin/admin.module.ts';
import { auctionsModule } from './modules/auctions/auctions.module.ts';
import { buyingModule } from './modules/buying/buying.module.ts';
import { catalogModule } from './modules/catalog/catalog.module.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { domainsModule } from './modules/domains/domains.module.ts';
import { fundsModule } from './modules/funds/funds.module.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { listingsModule } from './modules/listings/listings.module.ts';
import { messagesModule } from './modules/messages/messages.module.ts';
import { ordersModule } from './modules/orders/orders.module.ts';
import { profileModule } from './modules/profile/profile.module.ts';
import { securityModule } from './modules/security/security.module.ts';
import { supportModule } from './modules/support/support.module.ts';
import type { App, AppDeps, Platform } from './platform/app-context.ts';
import { AuthRegistry, authPlugin } from './platform/auth.ts';
import { compressionPlugin } from './platform/compression.ts';
import { CrashPoints } from './platform/crash-points.ts';
import { envelopePlugin, newTraceId, sendError } from './platform/envelope.ts';
import { safeErrorSerializers } from './platform/error-log.ts';
import { createEventBus } from './platform/events.ts';
import { hostileInputPlugin } from './platform/hostile-input.ts';
import { idempotencyPlugin } from './platform/idempotency.ts';
import { createMetrics, metricsPlugin } from './platform/metrics.ts';
import { MfaRegistry, mfaGuardPlugin } from './platform/mfa-guard.ts';
import { openapiPlugin } from './platform/openapi.ts';
import { createParameterStore } from './platform/parameters.ts';
import { rateLimitPlugin } from './platform/rate-limit.ts';
import { requestScopedDb } from './platform/request-tx.ts';
import { RestrictionRegistry, restrictionsPlugin } from './platform/restrictions.ts';
import { securityPlugin } from './platform/security.ts';
import { SeederRegistry } from './platform/seeders.ts';
import { serializerCompiler } from './platform/serializer.ts';
import { sitemapRoutes } from './platform/sitemap.ts';
import { spaFallback, staticSitePlugin } from './platform/static-site.ts';
import { Sweeper } from './platform/sweeper.ts';

/** Builds the whole server: plugins, platform services and modules. Never listens. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, clock } = deps;
  const app = Fastify({
    // Errors are logged through the safe serializer: codes and statement text, never query parameters.
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
            serializers: safeErrorSerializers,
          },
    genReqId: () => newTraceId(),
    logController: new LogController({ requestIdLogLabel: 'traceId' }),
    requestIdHeader: false,
    // A hop count trusts that many proxies in front of us (proxy-addr's index counts from the socket).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot decode (bad percent-encoding) or a parameter over its length answers in
    // the envelope like any invalid request, without echoing the path.
    frameworkErrors: (_error, request, reply) => {
      reply.header('X-Trace-Id', request.id);
      return sendError(request, reply, 'Request.Invalid');
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every module's database: inside a keyed request, that request's own transaction (ADR 0005).
  const scoped: Database = { ...database, db: requestScopedDb(database.db) };
  const events = await createEventBus(scoped, app.log, { clock });
  const outbox = new Outbox(scoped.db, clock, { redactCodes: config.isProduction });
  const metrics = createMetrics();
  const parameters = await createParameterStore(scoped.db, events, app.log, {
    goodwillCreditCents: config.goodwillCreditCents,
  });
  const sweeper = new Sweeper(scoped.db, clock, app.log, {
    onApplied: (name, lagSeconds) => metrics.sweeperLag.observe({ sweeper: name }, lagSeconds),
  });
  const registrar = deps.registrar ?? createRegistrar();
  const platform: Platform = {
    config,
    database: scoped,
    db: scoped.db,
    clock,
    sweeper,
    events,
    parameters,
    outbox,
    mailer: createMailer(config, outbox, app.log),
    sms: createSmsSender(outbox, { onError: (err) => app.log.warn({ err }, 'sms delivery report failed') }),
    // The sandbox provider posts its webhooks to our own route, in process.
    payments: createPaymentProvider({
      config,
      db: scoped.db,
      clock,
      sweeper,
      log: app.log,
      transport: ({ url, headers, body }) => app.inject({ method: 'POST', url, headers, payload: body }),
    }),
    registrar,
    rdap: deps.rdap ?? createRdap(config, registrar),
    dns: deps.dns ?? createDns(config),
    seeders: new SeederRegistry(),
    auth: new AuthRegistry(),
    mfa: new MfaRegistry(),
    restrictions: new RestrictionRegistry(),
    metrics,
    crashPoints: new CrashPoints(config.crashPoints),
  };
  app.decorate('platform', platform);
  app.addHook('onClose', async () => {
    await platform.sweeper.stop();
    await platform.payments.close();
    await events.close();
    await platform.mailer.close();
  });

  await app.register(envelopePlugin, { notFound: spaFallback(config, () => app) });
  // Before any route: it hooks each route as it is declared.
  await app.register(compressionPlugin);
  await app.register(cookie, { secret: config.appSecret });
  // Count every request before any refusal (CSRF included), then check it.
  await app.register(rateLimitPlugin, { apiMax: config.rateLimitApiMax });
  // Unsafe text (NUL, lone surrogates) is refused before anything reads it (counted, then refused).
  await app.register(hostileInputPlugin);
  await app.register(securityPlugin);
  await app.register(idempotencyPlugin);
  await app.register(authPlugin);
  await app.register(restrictionsPlugin);
  await app.register(mfaGuardPlugin);
  await app.register(metricsPlugin, { metrics });
  await app.register(openapiPlugin);
  // WebSocket routes (the customer-service chat, /api/support/chat) upgrade through Fastify's router.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountModule);
      await api.register(securityModule);
      await api.register(profileModule);
      await api.register(supportModule);
      await api.register(fundsModule);
      await api.register(ordersModule);
      await api.register(auctionsModule);
      await api.register(catalogModule);
      await api.register(domainsModule);
      await api.register(listingsModule);
      await api.register(buyingModule);
      await api.register(messagesModule);
      await api.register(adminModule);
      await api.register(devRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(sitemapRoutes);
  await app.register(staticSitePlugin);
  return app;
}
