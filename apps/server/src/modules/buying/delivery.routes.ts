import {
  type ErrorCode,
  ORDER_STATUSES,
  SellerDeliverRequestSchema,
  SellerSaleParamsSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { deliverSale } from './delivery.service.ts';

const tags = ['seller'];
const DELIVER_ERRORS = [
  'Order.NotFound',
  'Delivery.NotAllowed',
  'Domain.TransferInFailed',
] as const satisfies readonly ErrorCode[];
const DeliverResultSchema = z.object({ orderId: z.string(), status: z.enum(ORDER_STATUSES) });

/** Buying from sellers (registered under /api): the seller's push of a domain held elsewhere (POST /seller/sales/:orderId/deliver). */
export const sellerDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seller/sales/:orderId/deliver',
    {
      schema: {
        tags,
        summary: 'Deliver a sold domain held elsewhere with its transfer code',
        description:
          'The seller of a paid order of a domain held elsewhere gives its transfer (auth) code before the ' +
          'deadline: the transfer into the buyer’s account starts (asynchronous) and the order is `transferring`. ' +
          'Success completes the order (the net to the seller’s earnings); failure makes it `delivery_failed` ' +
          'with the registrar’s reason in `deliveryError`, and the seller may give a code again until the ' +
          'deadline, after which the buyer is refunded. Order.NotFound for an order that is not your sale; ' +
          'Delivery.NotAllowed (`data.reason`: not_seller_push, status, deadline_passed) when it is not waiting ' +
          'for your delivery; Domain.TransferInFailed (`data.reason`) when the name is held here or a transfer ' +
          'of it is pending.',
        params: SellerSaleParamsSchema,
        body: SellerDeliverRequestSchema,
        response: { 200: okSchema(DeliverResultSchema) },
      },
      config: { access: 'user', errors: DELIVER_ERRORS },
    },
    async (request) => ok(await deliverSale(app, requireUser(request), request.params.orderId, request.body)),
  );
};
