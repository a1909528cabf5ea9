import {
  AuctionSearchPageSchema,
  AuctionSearchQuerySchema,
  AuctionSummarySchema,
  PageQuerySchema,
  pageSchema,
  SavedFilterSchema,
  SavedFiltersQuerySchema,
  SaveFilterRequestSchema,
  UpdateSavedFilterRequestSchema,
  WatchListingRequestSchema,
  WatchListingStateSchema,
  WatchRequestSchema,
  WatchStateSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { watchListing } from '../buying/watch.service.ts';
import {
  deleteSavedFilter,
  hotAuctions,
  listSavedFilters,
  listWatchlist,
  saveFilter,
  searchAuctions,
  topDeals,
  unwatchLot,
  updateSavedFilter,
  watchLot,
} from './catalog.service.ts';

const idParam = z.string().trim().min(1).max(40);

/** /sale search, the home page's hot auctions and top deals, the watchlist and saved filters (under /api). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    // Rows carry the signed-in user's watch flags.
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/auctions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Search lots open for bidding (/sale)',
        description:
          'Visitors allowed. Only lots bidding now. keyword: part of the domain (case-insensitive); type; ' +
          'minPrice/maxPrice in whole dollars against the current price; minBaiduWeight, minBaiduIndex, ' +
          'minSougouIndex; minBackLinks/maxBackLinks; suffix: TLDs separated by commas (`com,.net`); ' +
          'includeAsStart: the name starts with; excludeHyphens, excludePremiumNames (`true`/`false`); ' +
          'regTimeEnd / expirationTimeEnd: dates, inclusive to the end of that day in UTC+8; saleEndTimeStart ' +
          '(ends at or after) and saleEndTimeEnd (ends before): a plain date is 00:00 UTC+8 of that day, so one ' +
          'day of the end-date selector is start=D and end=D+1. sort: ending (default), price_asc, price_desc, ' +
          "bids, newest (id breaks ties). A range with max < min: Request.Invalid ('Invalid range: max must be ≥ min'). " +
          'total is exact unless totalIsEstimate: large result sets are not counted, total is then the ' +
          "database's estimate (two significant figures, never below the lots up to this page and the next).",
        querystring: AuctionSearchQuerySchema,
        response: { 200: okSchema(AuctionSearchPageSchema) },
      },
    },
    async (request) => ok(await searchAuctions(app, request.user?.id ?? null, request.query)),
  );

  app.get(
    '/auctions/hot',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Hot auctions (home)',
        description: 'Up to 8 lots open for bidding with the most bidders (then most bids, then ending soonest).',
        response: { 200: okSchema(z.array(AuctionSummarySchema)) },
      },
    },
    async (request) => ok(await hotAuctions(app, request.user?.id ?? null)),
  );

  app.get(
    '/auctions/top-deals',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Top deals (home)',
        description: 'Up to 8 lots that ended with a winner in the last 30 days, highest winning price first.',
        response: { 200: okSchema(z.array(AuctionSummarySchema)) },
      },
    },
    async (request) => ok(await topDeals(app, request.user?.id ?? null)),
  );

  app.get(
    '/watchlist',
    {
      schema: {
        tags: ['catalog'],
        summary: 'My watchlist',
        description: 'The lots I watch, in any status, most recently watched first.',
        querystring: PageQuerySchema,
        response: { 200: okSchema(pageSchema(AuctionSummarySchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listWatchlist(app, requireUser(request).id, request.query)),
  );

  app.post(
    '/watchlist',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Watch a lot or a listing',
        description:
          'Idempotent. `{ auctionId }` watches a lot (answers `{ auctionId, isWatched }`; Auction.NotFound; ' +
          'Watchlist.LimitReached, 409, at 1,000 lots); `{ listingId }` a fixed-price or offer listing on the ' +
          'market (answers `{ listingId, isWatched }`; Listing.NotFound when it is not on the market; ' +
          'Watchlist.LimitReached at BUYING_RULES.listingWatchMax listings).',
        body: z.union([WatchRequestSchema, WatchListingRequestSchema]),
        response: { 200: okSchema(z.union([WatchStateSchema, WatchListingStateSchema])) },
      },
      config: { errors: ['Auction.NotFound', 'Listing.NotFound', 'Watchlist.LimitReached'], access: 'user' },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const { body } = request;
      if ('listingId' in body) return ok(await watchListing(app, userId, body.listingId));
      return ok(await watchLot(app, userId, body.auctionId));
    },
  );

  app.delete(
    '/watchlist/:auctionId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Stop watching a lot',
        description: 'Idempotent: answers isWatched false whether or not the lot was watched.',
        params: z.object({ auctionId: idParam }),
        response: { 200: okSchema(WatchStateSchema) },
      },
      config: { errors: ['Auction.NotFound'], access: 'user' },
    },
    async (request) => ok(await unwatchLot(app, requireUser(request).id, request.params.auctionId)),
  );

  app.get(
    '/saved-filters',
    {
      schema: {
        tags: ['catalog'],
        summary: 'My saved filters',
        description: 'Oldest first; all of them (at most 50) on one page by default.',
        querystring: SavedFiltersQuerySchema,
        response: { 200: okSchema(pageSchema(SavedFilterSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listSavedFilters(app, requireUser(request).id, request.query)),
  );

  app.post(
    '/saved-filters',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Save a filter under a name',
        description:
          'name: 1–20 characters; filter: the /sale query fields (booleans as "true"/"false", as in the query ' +
          'string). Errors: Request.Invalid, SavedFilter.LimitReached (409, at 50).',
        body: SaveFilterRequestSchema,
        response: { 200: okSchema(SavedFilterSchema) },
      },
      config: { errors: ['SavedFilter.LimitReached'], access: 'user' },
    },
    async (request) => ok(await saveFilter(app, requireUser(request).id, request.body)),
  );

  app.patch(
    '/saved-filters/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Rename a saved filter (and optionally replace its filter)',
        description: 'Errors: Request.Invalid, SavedFilter.NotFound (not yours or no such filter).',
        params: z.object({ id: idParam }),
        body: UpdateSavedFilterRequestSchema,
        response: { 200: okSchema(SavedFilterSchema) },
      },
      config: { errors: ['SavedFilter.NotFound'], access: { owner: 'saved-filter' } },
    },
    async (request) => ok(await updateSavedFilter(app, requireUser(request).id, request.params.id, request.body)),
  );

  app.delete(
    '/saved-filters/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Delete a saved filter',
        description: 'Errors: SavedFilter.NotFound (not yours or no such filter).',
        params: z.object({ id: idParam }),
        response: { 200: okSchema(z.object({ id: z.string() })) },
      },
      config: { errors: ['SavedFilter.NotFound'], access: { owner: 'saved-filter' } },
    },
    async (request) => ok(await deleteSavedFilter(app, requireUser(request).id, request.params.id)),
  );
};
