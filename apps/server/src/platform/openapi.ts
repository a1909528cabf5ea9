import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponsesOf, type OperationRoute, operationIdOf, producedResponseOf } from './openapi-operations.ts';

/** Tags of the OpenAPI document, one per area (DESIGN.md §2). Routes pick theirs in `schema.tags`. */
export const OPENAPI_TAGS = [
  { name: 'platform', description: 'Health, CSRF, static data' },
  { name: 'account', description: 'Sign-up, sign-in, sessions, verification codes, captcha' },
  { name: 'security', description: 'Multi-factor authentication and access keys' },
  { name: 'profile', description: 'Contact information, billing, settings' },
  { name: 'catalog', description: 'Search, filters, watchlist' },
  { name: 'auctions', description: 'Bidding and closing' },
  { name: 'orders', description: 'Orders, payment, invoices' },
  { name: 'funds', description: 'Balance, recharge, settlement, payees' },
  { name: 'domains', description: 'My domains, transfer lock, renewal, transfer out' },
  { name: 'listings', description: 'Seller centre and offers' },
  { name: 'messages', description: 'Message centre' },
  { name: 'support', description: 'Help centre, feedback' },
  { name: 'admin', description: 'Operator console' },
  { name: 'dev', description: 'Developer tools (only with DEV_TOOLS=1)' },
];

/**
 * The OpenAPI 3 document generated from every route's zod schemas (API.md): served at
 * GET /api/openapi.json, browsable at /api/docs. Register before the routes so it sees them all.
 * Swagger UI's assets are same-origin scripts and stylesheets, so the site-wide CSP covers it.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'NameBourse API',
          description:
            'NameBourse domain-name marketplace (域名交易所). Every /api body is the envelope `{ code, message, data }`; ' +
            "success is code '200'. State-changing calls need the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header " +
            '(GET /api/account/csrf issues it, bound to the session; sign-in and sign-out issue a new one).',
          version: '1.0.0',
        },
        tags: OPENAPI_TAGS,
        components: {
          securitySchemes: {
            csrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          },
        },
      },
      // Each operation carries its access declaration (`x-access`, see RouteAccess in auth.ts) and,
      // when it opts out of the CSRF check (provider webhooks, dev tools) or into it (a GET that signs
      // out), `x-csrf`.
      // Every operation gets an id derived from its path and its error responses: the codes the
      // platform may answer from the route's declarations plus the route's own (`config.errors`).
      transform: (input) => {
        const result = jsonSchemaTransform(input);
        const route = input.route as unknown as OperationRoute;
        const config = route.config;
        const extensions: Record<string, unknown> = { 'x-access': config?.access };
        if (typeof config?.csrf === 'boolean') extensions['x-csrf'] = config.csrf;
        const schema = (result.schema ?? {}) as { response?: Record<string, unknown>; operationId?: string };
        const method = Array.isArray(route.method) ? route.method[0] : route.method;
        return {
          ...result,
          schema: {
            ...schema,
            operationId: schema.operationId ?? operationIdOf(method, input.url),
            response: { ...errorResponsesOf({ ...route, method }), ...producedResponseOf(route), ...schema.response },
            ...extensions,
          },
        };
      },
    });

    app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger();
    });

    // The browsable page is public: its routes (added by the plugin) declare it.
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await docs.register(swaggerUi, {
        routePrefix: '/api/docs',
        uiConfig: { deepLinking: true, docExpansion: 'list' },
        theme: { title: 'NameBourse API' },
      });
    });
  },
  { name: 'openapi', dependencies: ['envelope'] },
);
