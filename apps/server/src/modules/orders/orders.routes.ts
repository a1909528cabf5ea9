import {
  type ErrorCode,
  OrderSchema,
  OrdersQuerySchema,
  PayManyRequestSchema,
  PayManyResultSchema,
  pageSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { getInvoice, getOrder, listOrders, payOrders } from './orders.buyer.ts';

const tags = ['orders'];
const orderParams = z.object({ orderId: z.string().trim().min(1).max(40) });
/** What paying one order or several can answer besides success. */
const PAY_ERRORS = [
  'Commodity.UserContactInfoIncomplete',
  'Order.NotFound',
  'Order.NotPayable',
  'Funds.InsufficientBalance',
] as const satisfies readonly ErrorCode[];

/** The buyer's orders (registered under /api): list, one order, pay (one or several), invoice PDF. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'My orders',
        description: 'Newest first; `status` filters by status, `keyword` matches part of the domain name.',
        querystring: OrdersQuerySchema,
        response: { 200: okSchema(pageSchema(OrderSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listOrders(app, requireUser(request).id, request.query)),
  );

  app.post(
    '/orders/pay',
    {
      schema: {
        tags,
        summary: 'Pay several orders at once',
        description:
          'All or nothing: each order moves its amount from the available balance into escrow (one ledger ' +
          'transaction per order) in one database transaction. Errors: Commodity.UserContactInfoIncomplete, ' +
          'Order.NotFound (not yours), Order.NotPayable, Funds.InsufficientBalance (402, with requiredCents and ' +
          'availableCents). Honours Idempotency-Key.',
        body: PayManyRequestSchema,
        response: { 200: okSchema(PayManyResultSchema) },
      },
      config: {
        errors: PAY_ERRORS,
        access: { owner: 'order', id: 'orderIds' },
      },
    },
    async (request) => ok(await payOrders(app, requireUser(request), request.body.orderIds)),
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'One of my orders',
        description: "Order.NotFound ('The order does not exist or has expired') for an order that is not yours.",
        params: orderParams,
        response: { 200: okSchema(OrderSchema) },
      },
      config: { errors: ['Order.NotFound'], access: { owner: 'order' } },
    },
    async (request) => ok(await getOrder(app, requireUser(request).id, request.params.orderId)),
  );

  app.post(
    '/orders/:orderId/pay',
    {
      schema: {
        tags,
        summary: 'Pay an order from the available balance',
        description:
          'Moves the amount (tax included) from the available balance into escrow; the order becomes paid ' +
          'awaiting delivery and gets an invoice. Errors: Commodity.UserContactInfoIncomplete, Order.NotFound, ' +
          'Order.NotPayable (409: already paid, expired …), Funds.InsufficientBalance (402). Honours Idempotency-Key.',
        params: orderParams,
        response: { 200: okSchema(OrderSchema) },
      },
      config: {
        errors: PAY_ERRORS,
        access: { owner: 'order' },
      },
    },
    async (request) => {
      const { orders } = await payOrders(app, requireUser(request), [request.params.orderId]);
      const [order] = orders;
      if (!order) throw new Error('payOrders returned no order');
      return ok(order);
    },
  );

  app.get(
    '/orders/:orderId/invoice',
    {
      schema: {
        tags,
        summary: 'Invoice (PDF download)',
        description:
          'application/pdf with content-disposition attachment (invoice-<invoiceNo>.pdf), in the caller’s ' +
          'language, its times in the time zone of the caller’s settings (named on the invoice), with the billing ' +
          'address at payment time. Order.InvoiceUnavailable before payment.',
        params: orderParams,
        produces: ['application/pdf'],
      },
      config: {
        errors: ['Order.NotFound', 'Order.InvoiceUnavailable'],
        access: { owner: 'order' },
        produces: { type: 'application/pdf', description: "The invoice as a PDF, in the reader's language" },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await getInvoice(app, requireUser(request).id, request.params.orderId, request);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
};
