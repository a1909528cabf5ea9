import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The catalogue area (registered under /api): /sale search, watchlist, saved filters. */
export const catalogModule: FastifyPluginAsyncZod = async (_app) => {};
