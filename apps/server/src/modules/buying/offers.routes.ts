import {
  BUYING_RULES,
  type ErrorCode,
  ListingParamsSchema,
  OfferParamsSchema,
  OfferRequestSchema,
  OfferSchema,
  OffersPageSchema,
  OffersQuerySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { toId } from '../catalog/catalog.service.ts';
import type { OfferVerb } from './offers.rules.ts';
import { answerOffer, listOffers, makeOffer } from './offers.service.ts';

const tags = ['offers'];
const OFFER_ERRORS = [
  'Commodity.UserContactInfoIncomplete',
  'Commodity.PurchaseFailed',
  'Listing.NotFound',
  'Offer.NotAccepted',
  'Offer.OwnListing',
  'Offer.BelowFloor',
  'Offer.AlreadyOpen',
] as const satisfies readonly ErrorCode[];
const ANSWER_ERRORS = [
  'Offer.NotFound',
  'Offer.NotYourTurn',
  'Offer.InvalidTransition',
] as const satisfies readonly ErrorCode[];
/**
 * A path id as a row id. The schema (rowIdText) already refuses ids beyond PostgreSQL's bigint as
 * Request.Invalid; should one get here all the same, no row has it: the route's not-found error.
 */
function rowId(raw: string, notFound: 'Listing.NotFound' | 'Offer.NotFound'): bigint {
  const id = toId(raw);
  if (id === undefined) throw new AppError(notFound);
  return id;
}

/** An offer's party: either side acts on it; anyone else gets Offer.NotFound. */
const PARTY = { owner: 'offer', id: 'offerId' } as const;

const ANSWERS: Record<OfferVerb, { summary: string; description: string; errors: readonly ErrorCode[] }> = {
  accept: {
    summary: 'Accept an offer (the seller) or a counter-offer (the buyer)',
    description:
      'The amount on the table becomes an order (source offer) awaiting the buyer’s payment for the pay window ' +
      '(72 h); the listing goes selling. Errors: Offer.NotFound, Offer.NotYourTurn (it awaits the other side), ' +
      'Offer.InvalidTransition (closed or expired), Commodity.PurchaseFailed with data.reason (the listing was ' +
      'sold, is selling to another buyer or is off the market), Commodity.UserContactInfoIncomplete (the buyer).',
    errors: [...ANSWER_ERRORS, 'Commodity.PurchaseFailed', 'Commodity.UserContactInfoIncomplete'],
  },
  reject: {
    summary: 'Reject an offer or a counter-offer, or withdraw my open offer',
    description:
      'The seller rejects an open offer; the buyer rejects a counter-offer or withdraws their own open offer. ' +
      'Errors: Offer.NotFound, Offer.NotYourTurn, Offer.InvalidTransition.',
    errors: ANSWER_ERRORS,
  },
  counter: {
    summary: 'Counter an offer (the seller) or offer again on a counter (the buyer)',
    description:
      `The seller's counter is at least ${BUYING_RULES.minOfferCents} cents, above the buyer's amount and at most ` +
      'the listing’s buy-now price when it has one (else Request.Invalid on amountCents); the offer then awaits ' +
      'the buyer. The buyer’s counter is a new offer on a countered offer (at least the floor: Offer.BelowFloor). ' +
      'Errors: Offer.NotFound, Offer.NotYourTurn, Offer.InvalidTransition.',
    errors: [...ANSWER_ERRORS, 'Offer.BelowFloor', 'Commodity.PurchaseFailed', 'Commodity.UserContactInfoIncomplete'],
  },
};

/** Buying from sellers (registered under /api): offers (POST /listings/:listingId/offers, GET /offers, POST /offers/:offerId/accept|reject|counter). */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/listings/:listingId/offers',
    {
      schema: {
        tags,
        summary: 'Make an offer on a listing',
        description:
          'On an offer-mode listing on sale: at least the floor (Offer.BelowFloor, data.floorCents) and ' +
          `${BUYING_RULES.minOfferCents} cents. One open offer per buyer and listing: Offer.AlreadyOpen while it ` +
          'awaits the seller; when the seller countered, this is the buyer’s new amount on it (countered → open). ' +
          `Expires after ${BUYING_RULES.offerExpiryDays} days without an answer. Errors: ` +
          'Commodity.UserContactInfoIncomplete, Offer.OwnListing, Offer.NotAccepted (not an offer listing), ' +
          'Commodity.PurchaseFailed with data.reason (sold, selling, unavailable), Listing.NotFound.',
        params: ListingParamsSchema,
        body: OfferRequestSchema,
        response: { 200: okSchema(OfferSchema) },
      },
      config: { access: 'user', restrict: 'buy', errors: OFFER_ERRORS },
    },
    async (request) =>
      ok(
        await makeOffer(
          app,
          requireUser(request),
          rowId(request.params.listingId, 'Listing.NotFound'),
          request.body.amountCents,
          request.locale,
        ),
      ),
  );

  app.get(
    '/offers',
    {
      schema: {
        tags,
        summary: 'Offers I made (role=buyer) or received (role=seller)',
        description:
          'The last changed first, each with what I may do now, the seller’s net and the buyer’s total at the ' +
          'amount on the table, and its history; counts: my offers on that side by status (listingId applies).',
        querystring: OffersQuerySchema,
        response: { 200: okSchema(OffersPageSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listOffers(app, requireUser(request).id, request.query)),
  );

  for (const verb of ['accept', 'reject', 'counter'] as const) {
    const answer = ANSWERS[verb];
    app.post(
      `/offers/:offerId/${verb}`,
      {
        schema: {
          tags,
          summary: answer.summary,
          description: answer.description,
          params: OfferParamsSchema,
          ...(verb === 'counter' ? { body: OfferRequestSchema } : {}),
          response: { 200: okSchema(OfferSchema) },
        },
        config: { access: PARTY, errors: answer.errors, ...(verb === 'reject' ? {} : { restrict: 'buy' as const }) },
      },
      async (request) => {
        const body = request.body as { amountCents?: number } | undefined;
        return ok(
          await answerOffer(
            app,
            requireUser(request),
            rowId((request.params as { offerId: string }).offerId, 'Offer.NotFound'),
            verb,
            body?.amountCents,
            request.locale,
          ),
        );
      },
    );
  }
};
