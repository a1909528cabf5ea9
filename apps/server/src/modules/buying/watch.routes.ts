import { PageQuerySchema, WatchedListingsPageSchema, WatchListingStateSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { listMyWatchedListings, unwatchListing } from './watch.service.ts';

const tags = ['catalog'];
const idParam = z.string().trim().min(1).max(40);

/**
 * Buying from sellers (registered under /api): watched listings. Watching one is POST /watchlist
 * with `{ listingId }` (the catalog's route, which also watches lots); here the list and the removal.
 */
export const listingWatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/watchlist/listings',
    {
      schema: {
        tags,
        summary: 'My watched listings',
        description:
          'The fixed-price and offer listings I watch, most recently watched first. Sold, withdrawn, paused ' +
          'or expired ones stay on the list with available false; timeLeftSeconds counts down to the end of ' +
          'the listing period (null: long-term).',
        querystring: PageQuerySchema,
        response: { 200: okSchema(WatchedListingsPageSchema) },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await listMyWatchedListings(app, requireUser(request).id, request.query));
    },
  );

  app.delete(
    '/watchlist/listings/:listingId',
    {
      schema: {
        tags,
        summary: 'Stop watching a listing',
        description: 'Idempotent: answers isWatched false whether or not the listing was watched.',
        params: z.object({ listingId: idParam }),
        response: { 200: okSchema(WatchListingStateSchema) },
      },
      config: { errors: ['Listing.NotFound'], access: 'user' },
    },
    async (request) => ok(await unwatchListing(app, requireUser(request).id, request.params.listingId)),
  );
};
