import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestCookies } from '../../platform/request-context.ts';
import { accountRoutes } from './account.routes.ts';
import { demoAccountsSeeder } from './account.seeder.ts';
import { ensureAdmin } from './account.service.ts';
import { registerAccountSweepers } from './account.sweepers.ts';
import { sessionAuthenticator, sessionIdOfCookies } from './session.service.ts';

/**
 * The account area (registered under /api): the session authenticator it provides to the
 * platform, register / login / codes / captcha / password / session routes, housekeeping
 * sweepers, the demo seeder and the operator account of ADMIN_EMAIL.
 */
export const accountModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.seeders.register(demoAccountsSeeder);
  app.platform.seeders.provideOperator(({ db, clock }, admin) => ensureAdmin(db, clock, admin));
  // The platform hands over requests; the session service reads only their cookies (and the URL).
  const authenticate = sessionAuthenticator(app);
  app.platform.auth.provideSessionAuthenticator((request) =>
    authenticate({ cookies: requestCookies(request), url: request.url }),
  );
  app.platform.auth.provideSessionIdReader((request) => sessionIdOfCookies(app, { cookies: requestCookies(request) }));
  registerAccountSweepers(app.platform.sweeper);
  await app.register(accountRoutes);
};
