import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileRoutes } from './profile.routes.ts';

/** The profile area (registered under /api): contact information, billing address, profile and settings. */
export const profileModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(profileRoutes);
};
