import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The auctions area (registered under /api): lots, proxy bidding with deposits, soft close, live
 * updates; the close, payment-deadline and delivery sweepers; operators adding lots; demo lots.
 * Each part registers itself here with one line.
 */
export const auctionsModule: FastifyPluginAsyncZod = async (_app) => {};
