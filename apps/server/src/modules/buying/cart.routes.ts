import {
  BUYING_RULES,
  CartAddRequestSchema,
  CartParamsSchema,
  CartSchema,
  CheckoutRequestSchema,
  CheckoutResultSchema,
  type ErrorCode,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { addToCart, checkout, getCart, removeFromCart } from './cart.service.ts';

const tags = ['cart'];
const ADD_ERRORS = ['Commodity.PurchaseFailed', 'Cart.LimitReached'] as const satisfies readonly ErrorCode[];

/** Buying from sellers (registered under /api): the cart (GET/POST/DELETE /cart, /cart/:listingId) and its checkout (POST /cart/checkout). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/cart',
    {
      schema: {
        tags,
        summary: 'My cart',
        description:
          'Newest lines first, each with its listing as it is now: available (or why not), the active price, ' +
          'the price added or last confirmed (priceChanged when they differ), tax and total at the active ' +
          'price. The sums cover the available lines; shortfallCents is what the available balance lacks.',
        response: { 200: okSchema(CartSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await getCart(app, requireUser(request).id)),
  );

  app.post(
    '/cart',
    {
      schema: {
        tags,
        summary: 'Add a listing to my cart (or confirm its new price)',
        description:
          'Adds a listing that can be bought now at its active price; for a line already in the cart, takes ' +
          'the active price as the confirmed one. Answers the whole cart. Errors: Commodity.PurchaseFailed ' +
          'with data.reason (own_listing, sold, selling, unavailable, no_price), Cart.LimitReached (409, ' +
          `${BUYING_RULES.cartMax} lines at most, data.max).`,
        body: CartAddRequestSchema,
        response: { 200: okSchema(CartSchema) },
      },
      config: { access: 'user', errors: ADD_ERRORS },
    },
    async (request) => ok(await addToCart(app, requireUser(request).id, BigInt(request.body.listingId))),
  );

  app.delete(
    '/cart/:listingId',
    {
      schema: {
        tags,
        summary: 'Remove a listing from my cart',
        description: 'Answers the cart after. Cart.NotInCart (404) when the listing is not in it.',
        params: CartParamsSchema,
        response: { 200: okSchema(CartSchema) },
      },
      config: { access: 'user', errors: ['Cart.NotInCart'] },
    },
    async (request) => ok(await removeFromCart(app, requireUser(request).id, BigInt(request.params.listingId))),
  );

  app.post(
    '/cart/checkout',
    {
      schema: {
        tags,
        summary: 'Buy cart lines (partial success)',
        description:
          `Up to ${BUYING_RULES.checkoutMax} lines per request, each at the price the buyer confirmed (what the cart showed). Each line ` +
          'is bought all or nothing: an order opened and paid from the available balance into escrow; bought ' +
          'lines leave the cart. The others are in `failed` with a code and a message in the reader’s ' +
          'language: Cart.NotInCart, Commodity.PurchaseFailed (sold, selling, unavailable, own_listing, ' +
          'no_price), Cart.PriceChanged (priceCents: the price now; confirm it and try again), ' +
          'Funds.InsufficientBalance (no order is left unpaid). Errors of the whole request: ' +
          'Commodity.UserContactInfoIncomplete. Honours Idempotency-Key.',
        body: CheckoutRequestSchema,
        response: { 200: okSchema(CheckoutResultSchema) },
      },
      config: { access: 'user', restrict: 'buy', errors: ['Commodity.UserContactInfoIncomplete'] },
    },
    async (request) => ok(await checkout(app, requireUser(request), request.body, request.locale)),
  );
};
