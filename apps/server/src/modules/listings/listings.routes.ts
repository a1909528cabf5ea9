import {
  CalendarBodySchema,
  CalendarSchema,
  type ErrorCode,
  ListingCreateSchema,
  ListingParamsSchema,
  ListingSchema,
  ListingsPageSchema,
  ListingsQuerySchema,
  ListingUpdateSchema,
  QuickBodySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import type { RouteRestriction } from '../../platform/restrictions.ts';
import { getCalendar, setCalendar } from './listings.calendar.ts';
import { updateMyListing } from './listings.edits.ts';
import { setQuick } from './listings.pauses.ts';
import { createListing, getMyListing, listMyListings } from './listings.service.ts';

const tags = ['listings'];
const onListing = { owner: 'listing', id: 'listingId' } as const;
/** A field of a JSON object body (any other body has none). */
const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
/** Restriction scope `list`: an edit that relists, a quick switch back to listed. */
const RELISTING: RouteRestriction = { scope: 'list', when: (body) => field(body, 'action') === 'relist' };
const LISTING_AGAIN: RouteRestriction = { scope: 'list', when: (body) => field(body, 'listed') === true };

const CREATE_ERRORS = [
  'Commodity.DomainInvalid',
  'Listing.DomainNotHeld',
  'Listing.DomainUnavailable',
  'Listing.AuctionNeedsHeldDomain',
  'Listing.AlreadyListed',
] as const satisfies readonly ErrorCode[];
const EDIT_ERRORS = [
  'Listing.NotFound',
  'Listing.NotEditable',
  'Listing.InvalidTransition',
  'Listing.AlreadyListed',
  'Listing.DomainNotHeld',
  'Listing.DomainUnavailable',
  'Listing.OwnershipNotVerified',
] as const satisfies readonly ErrorCode[];

/**
 * The seller's listings (API.md Seller centre), registered under /api: list and create, one
 * listing and its edit (prices at once, presentation through review, take down / relist), the
 * quick-listing switch and the price calendar.
 */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/listings',
    {
      schema: {
        tags,
        summary: 'My listings',
        description:
          'Newest first. Filters: `status`, `mode`, `q` (part of the domain); `counts` gives the number per ' +
          'status (the tabs) under the same `mode` and `q`.',
        querystring: ListingsQuerySchema,
        response: { 200: okSchema(ListingsPageSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listMyListings(app, requireUser(request).id, request.query)),
  );

  app.post(
    '/listings',
    {
      schema: {
        tags,
        summary: 'List a domain for sale',
        description:
          'A domain held here (normal or renewable, transfer lock off, no operation in flight) or one held ' +
          'elsewhere with a verified ownership proof. A held domain with a plain description (no links, ' +
          'addresses, phone numbers or contact words) goes on sale at once; the rest waits for review. ' +
          'Auctions need a domain held here. Errors: Commodity.DomainInvalid, Listing.DomainNotHeld (403), ' +
          'Listing.DomainUnavailable (409, `data.reason`), Listing.AuctionNeedsHeldDomain, ' +
          'Listing.AlreadyListed (409), Request.Invalid (prices per mode).',
        body: ListingCreateSchema,
        response: { 200: okSchema(ListingSchema) },
      },
      config: { access: 'user', restrict: 'list', errors: CREATE_ERRORS },
    },
    async (request) => ok(await createListing(app, requireUser(request).id, request.body, request.locale)),
  );

  app.get(
    '/listings/:listingId',
    {
      schema: {
        tags,
        summary: 'One of my listings',
        params: ListingParamsSchema,
        response: { 200: okSchema(ListingSchema) },
      },
      config: { access: onListing, errors: ['Listing.NotFound'] },
    },
    async (request) => ok(await getMyListing(app, requireUser(request).id, BigInt(request.params.listingId))),
  );

  app.post(
    '/listings/:listingId',
    {
      schema: {
        tags,
        summary: 'Edit a listing',
        description:
          'Prices and the end option take effect at once. Industries, keywords and descriptions of an approved ' +
          'listing go to modification_review (the approved version stays on sale); a rejected one or one ' +
          'asked for a supplement goes back to pending_review. `action`: take_down (→ off_shelf) or relist ' +
          '(from off_shelf or expired, checked like a new listing).',
        params: ListingParamsSchema,
        body: ListingUpdateSchema,
        response: { 200: okSchema(ListingSchema) },
      },
      config: { access: onListing, restrict: RELISTING, errors: EDIT_ERRORS },
    },
    async (request) =>
      ok(
        await updateMyListing(
          app,
          requireUser(request).id,
          BigInt(request.params.listingId),
          request.body,
          request.locale,
        ),
      ),
  );

  app.post(
    '/listings/:listingId/quick',
    {
      schema: {
        tags,
        summary: 'Quick listing: listed or paused',
        description:
          'No review: a paused listing is hidden from the market. Only on_sale and modification_review ' +
          'fixed-price or offer listings. A pause for a lost ownership proof is lifted only by a new proof ' +
          '(Listing.OwnershipPaused).',
        params: ListingParamsSchema,
        body: QuickBodySchema,
        response: { 200: okSchema(ListingSchema) },
      },
      config: {
        access: onListing,
        restrict: LISTING_AGAIN,
        errors: ['Listing.NotFound', 'Listing.InvalidTransition', 'Listing.NotEditable', 'Listing.OwnershipPaused'],
      },
    },
    async (request) =>
      ok(await setQuick(app, requireUser(request).id, BigInt(request.params.listingId), request.body.listed)),
  );

  app.get(
    '/listings/:listingId/calendar',
    {
      schema: {
        tags,
        summary: 'A listing’s price calendar',
        description: 'Every entry, oldest first; `active` is the one in force (the price buyers see).',
        params: ListingParamsSchema,
        response: { 200: okSchema(CalendarSchema) },
      },
      config: { access: onListing, errors: ['Listing.NotFound'] },
    },
    async (request) => ok(await getCalendar(app, requireUser(request).id, BigInt(request.params.listingId))),
  );

  app.post(
    '/listings/:listingId/calendar',
    {
      schema: {
        tags,
        summary: 'Replace the upcoming calendar prices',
        description:
          'Each date (YYYY-MM-DD, from 00:00 UTC+8) must be in the future and appear once; applied entries ' +
          'stay as history. Not for auctions or sold listings (Listing.NotEditable).',
        params: ListingParamsSchema,
        body: CalendarBodySchema,
        response: { 200: okSchema(CalendarSchema) },
      },
      config: { access: onListing, errors: ['Listing.NotFound', 'Listing.NotEditable'] },
    },
    async (request) =>
      ok(
        await setCalendar(app, requireUser(request).id, BigInt(request.params.listingId), request.body, request.locale),
      ),
  );
};
