import { CsrfTokenSchema, LoginStateSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../platform/envelope.ts';
import { issueCsrfToken } from '../../platform/security.ts';
import { SESSION_COOKIES } from './account.service.ts';

/** Account routes of spec §7 that exist before sessions do (the accounts issue adds the rest). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/csrf',
    {
      schema: {
        tags: ['account'],
        summary: 'Issue the XSRF-TOKEN cookie',
        description:
          'Sets the XSRF-TOKEN cookie (readable by the page, SameSite=Lax). State-changing calls echo it in the ' +
          'X-XSRF-TOKEN header; without it they are refused with 403 Csrf.Invalid.',
        response: { 200: okSchema(CsrfTokenSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ csrfToken: issueCsrfToken(reply) });
    },
  );

  app.get(
    '/account/check-login',
    {
      schema: {
        tags: ['account'],
        summary: 'Current login state',
        description: 'Returns the signed-in account; an empty accountNo means signed out.',
        response: { 200: okSchema(LoginStateSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // Sessions arrive with the accounts issue; until then every visitor is signed out.
      return ok({ accountNo: '', nickname: '' });
    },
  );

  app.get(
    '/account/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out',
        description: 'Clears the session cookies.',
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request, reply) => {
      const secure = request.protocol === 'https';
      for (const name of Object.values(SESSION_COOKIES)) {
        reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      }
      reply.header('cache-control', 'no-store');
      return ok(null);
    },
  );
};
