import {
  AdminDeliveriesQuerySchema,
  AdminDeliverySchema,
  MyAuctionSchema,
  MyAuctionsQuerySchema,
  pageSchema,
  WonAuctionSchema,
  WonQuerySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { listMyAuctions, listWonAuctions } from './auctions.console.service.ts';
import { listDeliveries } from './auctions.delivery.ts';

/**
 * The buyer consoles (API.md: GET /console/auctions, /console/auctions/won) and the operators'
 * delivery queue (GET /admin/deliveries). Paying won lots uses POST /orders/:id/pay and /orders/pay.
 */
export const auctionConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/console/auctions',
    {
      schema: {
        tags: ['auctions'],
        summary: 'My bidding',
        description:
          'Lots I bid in, newest activity first. `status`: bidding (open, not exited), leading, outbid, ended, exited; none: all.',
        querystring: MyAuctionsQuerySchema,
        response: { 200: okSchema(pageSchema(MyAuctionSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listMyAuctions(app, requireUser(request).id, request.query)),
  );

  app.get(
    '/console/auctions/won',
    {
      schema: {
        tags: ['auctions'],
        summary: 'Domains I won',
        description:
          'Each won lot with its order. `status`: awaiting_payment, awaiting_delivery (paid, transferring, delivery failed), delivered, refunded, violation (buyer violation, voided); none: all.',
        querystring: WonQuerySchema,
        response: { 200: okSchema(pageSchema(WonAuctionSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listWonAuctions(app, requireUser(request).id, request.query)),
  );

  app.get(
    '/admin/deliveries',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deliveries of won lots (default: failed ones)',
        description:
          'Auction orders in a delivery status with the buyer, failed attempts, the last error and the next try. Roles: support, admin.',
        querystring: AdminDeliveriesQuerySchema,
        response: { 200: okSchema(pageSchema(AdminDeliverySchema)) },
      },
      config: { access: { operator: ['support'] } },
    },
    async (request) => ok(await listDeliveries(app, request.query)),
  );
};
