import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Skeleton (issue 18): the routes are written by this part's own work. */
export const announcementsRoutes: FastifyPluginAsyncZod = async () => {};
