import {
  BuyRequestSchema,
  BuyResultSchema,
  type ErrorCode,
  ListingParamsSchema,
  MarketDomainParamsSchema,
  MarketMineSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { buyNow, getMarketMine } from './buying.service.ts';

const tags = ['buying'];
/** What buy now can answer besides success. */
const BUY_ERRORS = [
  'Commodity.UserContactInfoIncomplete',
  'Commodity.PurchaseFailed',
] as const satisfies readonly ErrorCode[];

/** Buying from sellers (registered under /api): buy now (POST /listings/:listingId/buy) and the buyer's state of a market listing (GET /market/:domain/mine). */
export const buyingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The buyer's own state and orders: never kept by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/listings/:listingId/buy',
    {
      schema: {
        tags,
        summary: 'Buy a listing now at its fixed price',
        description:
          'Opens an order (source fixed) for the active price plus tax and pays it from the available balance ' +
          'at once when that covers the total (paid: true, the price in escrow, status paid_awaiting_delivery). ' +
          'Otherwise the order waits for payment (paid: false, shortfallCents and payBy: the listing is held for ' +
          'the buyer for the pay window; pay it through POST /orders/:orderId/pay after a recharge). ' +
          'expectedPriceCents: the price the buyer saw; another active price refuses the purchase. Two buyers ' +
          'at the same moment: one gets the order. Errors: Commodity.UserContactInfoIncomplete, ' +
          'Commodity.PurchaseFailed with data.reason (sold, selling, unavailable — also an unknown listing —, ' +
          'own_listing, no_price, price_changed with data.priceCents). Honours Idempotency-Key.',
        params: ListingParamsSchema,
        body: BuyRequestSchema.nullish(),
        response: { 200: okSchema(BuyResultSchema) },
      },
      config: { access: 'user', restrict: 'buy', errors: BUY_ERRORS },
    },
    async (request) =>
      ok(await buyNow(app, requireUser(request), BigInt(request.params.listingId), request.body ?? {})),
  );

  app.get(
    '/market/:domain/mine',
    {
      schema: {
        tags,
        summary: 'My state of a market listing',
        description:
          'For the signed-in buyer: whether they watch it, have it in the cart, own it, their open or ' +
          'countered offer on it, and their available balance. Listing.NotFound when the domain has no ' +
          'listing on the market (as GET /market/:domain).',
        params: MarketDomainParamsSchema,
        response: { 200: okSchema(MarketMineSchema) },
      },
      config: { access: 'user', errors: ['Listing.NotFound'] },
    },
    async (request) => ok(await getMarketMine(app, requireUser(request).id, request.params.domain, request.locale)),
  );
};
