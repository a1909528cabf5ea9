import {
  MarketDetailSchema,
  MarketDomainParamsSchema,
  MarketPageSchema,
  MarketQuerySchema,
} from '@namebourse/contract';
import type { onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../platform/envelope.ts';
import { registerSitemapSection } from '../../platform/sitemap.ts';
import { getMarketListing, marketSitemapSection, searchMarket } from './market.service.ts';

const tags = ['market'];

/**
 * Public answers may be kept a little while by browsers and shared caches (the same for everyone but
 * the language, hence Vary); errors and anything setting a cookie are never kept. The detail's
 * serverTime may then lag by its max-age, which a countdown in days does not notice.
 */
export const MARKET_LIST_CACHE = 'public, max-age=30, stale-while-revalidate=30';
export const MARKET_DETAIL_CACHE = 'public, max-age=10';

/** A route's onSend hook: `cacheControl` on a 200 that sets no cookie, no-store otherwise. */
function cached(cacheControl: string): onSendHookHandler {
  return async (_request, reply) => {
    const cacheable = reply.statusCode === 200 && !reply.hasHeader('set-cookie');
    reply.header('cache-control', cacheable ? cacheControl : 'no-store');
    // Added to what is there (compression's Accept-Encoding), never in its place.
    const vary = String(reply.getHeader('vary') ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (!vary.some((v) => v.toLowerCase() === 'accept-language'))
      reply.header('vary', [...vary, 'Accept-Language'].join(', '));
  };
}

/** The public market (API.md Seller centre and buying), registered under /api; its pages in the sitemap. */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSitemapSection(app, marketSitemapSection(app));

  app.get(
    '/market',
    {
      config: { access: 'public' },
      onSend: cached(MARKET_LIST_CACHE),
      schema: {
        tags,
        summary: 'Search the market (fixed-price and offer listings on sale)',
        description:
          'Visitors allowed. Listings on sale (or with an edit in review), not paused, in fixed-price or offer ' +
          'mode; seller auctions are on /sale. q: three characters or more match any part of the domain; one or ' +
          'two characters match the start of the name. tld (with or without the dot); mode; minPrice/maxPrice in ' +
          'cents against the active price (offer listings without a buy-now price do not match a price range); ' +
          'minLength/maxLength of the name; industry; keyword (a whole keyword). sort: newest (default), ' +
          'price_asc, price_desc (listings without a price last), length_asc, name_asc; id breaks ties. A range ' +
          'with max < min: Request.Invalid. description: the reader’s language, else the other one. total is ' +
          'exact unless totalEstimated (large results: the database’s estimate, two significant figures).',
        querystring: MarketQuerySchema,
        response: { 200: okSchema(MarketPageSchema) },
      },
    },
    async (request) => ok(await searchMarket(app, request.query, request.locale)),
  );

  app.get(
    '/market/:domain',
    {
      config: { access: 'public' },
      onSend: cached(MARKET_DETAIL_CACHE),
      schema: {
        tags,
        summary: 'One listing’s public page',
        description:
          'Visitors allowed. The open listing of the domain on sale (any mode: a seller auction gives its ' +
          'auctionId for the lot page). Paused, in review, closed or unknown: Listing.NotFound. seller: the ' +
          'masked account number; nextPrice: the next scheduled calendar price; heldHere: delivered by an ' +
          'internal push (else a transfer). Each GET counts a view of the listing (not a HEAD, not its seller).',
        params: MarketDomainParamsSchema,
        response: { 200: okSchema(MarketDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await getMarketListing(app, request.params.domain, request.locale, {
          userId: request.user?.id ?? null,
          // A HEAD (fastify answers it from this route) is not a view.
          count: request.method === 'GET',
        }),
      ),
  );
};
