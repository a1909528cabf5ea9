import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onAccountRegistered } from '../account/account.service.ts';
import { provideUserLocale } from '../account/login-throttle.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { demoContactSeeder } from './profile.seeder.ts';
import { getSettings, initialSettings } from './profile.service.ts';

/** The profile area (registered under /api): contact information, billing address, profile and settings; the demo buyer's contact. */
export const profileModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.seeders.register(demoContactSeeder);
  // Account notices (a locked sign-in) are mailed in the language of the user's settings.
  provideUserLocale(app, async (userId) => (await getSettings(app, userId)).language);
  // A new account's settings start in the language and device time zone it signed up with.
  onAccountRegistered(app, (userId, context) => initialSettings(app, userId, context));
  await app.register(profileRoutes);
};
