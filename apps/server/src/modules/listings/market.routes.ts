import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Placeholder until its helper lands it (issue 16). */
export const marketRoutes: FastifyPluginAsyncZod = async () => {};
