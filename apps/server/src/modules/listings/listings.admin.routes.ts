import {
  AdminListingSchema,
  ListingParamsSchema,
  ListingQueueQuerySchema,
  QueuedListingsPageSchema,
  ReviewBodySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { listListingReviews, reviewListing } from './listings.review.ts';

const tags = ['admin'];
/** Support reviewers (and admins, who hold every role). */
const reviewers = { access: { operator: ['support' as const] } };

/** The listing review queue (registered under /api, paths under /admin). */
export const listingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/listings/review',
    {
      schema: {
        tags,
        summary: 'Listings to review',
        description:
          'New listings and modifications of approved ones (or the `status` asked for), oldest submission ' +
          'first, with the seller and their ownership proof. `q`: part of the domain; ' +
          '`assigned=me|unassigned`; each item has `queue` (reviewer, age, overdue). Roles: support, admin.',
        querystring: ListingQueueQuerySchema,
        response: { 200: okSchema(QueuedListingsPageSchema) },
      },
      config: reviewers,
    },
    async (request) => ok(await listListingReviews(app, request.query, requireUser(request))),
  );

  app.post(
    '/admin/listings/:listingId/review',
    {
      schema: {
        tags,
        summary: 'Approve, reject or ask for a supplement',
        description:
          'pending_review: approve (→ on_sale; an auction opens its lot), reject (→ review_failed) or supplement ' +
          '(→ supplement_required), a reason required but for approve. modification_review: approve applies the ' +
          'changes, reject (or supplement) drops them; the approved version stays on sale. The seller is ' +
          'messaged. Errors: Listing.NotFound, Listing.InvalidTransition (409: not, or no longer, in review). ' +
          'Roles: support, admin.',
        params: ListingParamsSchema,
        body: ReviewBodySchema,
        response: { 200: okSchema(AdminListingSchema) },
      },
      config: { ...reviewers, errors: ['Listing.NotFound', 'Listing.InvalidTransition'] },
    },
    async (request) =>
      ok(await reviewListing(app, requireUser(request), BigInt(request.params.listingId), request.body)),
  );
};
