import type { OrderStatus } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { afterCommit } from '../../platform/request-tx.ts';
import { submitNow } from '../domains/domains.operations.ts';
import { type OrderTransferInHook, onOrderTransferIn } from '../domains/domains.transfer.results.ts';
import { openTransferIn } from '../domains/domains.transfer.ts';
import { notify } from '../messages/messages.service.ts';
import { completeOrder, lockOrder, type OrderRow, refundOrder, transitionOrder } from '../orders/orders.service.ts';
import { sellerOrderSettled } from './sales.lifecycle.ts';

/**
 * Delivery of a seller's sale of a domain held elsewhere (issue 17, delivery 'seller_push'). Once
 * the buyer paid, the seller has the externalDeliveryDays parameter (the order's deliverAt) to give
 * the domain's transfer code: the platform transfers it in *into the buyer's account* through the
 * domains area's transfer-in (asynchronous, the registrar decides), the order 'transferring'
 * meanwhile. Success: the domain is in the buyer's My domains (linked to the order), the order
 * completes (escrow → the seller's earnings net of the commission) and both sides are told. Failure:
 * the order is delivery_failed with the registrar's reason (the seller sees it and may give a code
 * again), or, past the deadline, refunded. The delivery sweeper refunds an order still waiting at its
 * deadline (auctions.delivery.ts); an order in 'transferring' is left to its transfer.
 */

type DeliveryApp = Pick<App, 'platform' | 'log'>;

/** Where the delivered message leads. */
const DOMAINS_LINK = '/console/domain/list';

/** Statuses a seller can (re)start the push from. */
const PUSHABLE: readonly OrderStatus[] = ['paid_awaiting_delivery', 'delivery_failed'];

/** Why the seller cannot push this order now, or null (pure). */
export function pushRefusal(order: Pick<OrderRow, 'delivery' | 'status' | 'deliverAt'>, now: Date): string | null {
  if (order.delivery !== 'seller_push') return 'not_seller_push';
  if (!PUSHABLE.includes(order.status as OrderStatus)) return 'status';
  if (order.deliverAt === null || order.deliverAt <= now) return 'deadline_passed';
  return null;
}

/**
 * POST /api/seller/sales/:orderId/deliver: under the order's lock, only its seller (Order.NotFound
 * for anyone else), only a seller_push order waiting for delivery before its deadline
 * (Delivery.NotAllowed with `data.reason`); opens the transfer in for the buyer carrying the order
 * id and moves the order to 'transferring', then submits the transfer to the registrar after commit.
 */
export async function deliverSale(
  app: DeliveryApp,
  seller: Pick<AuthUser, 'id' | 'role'>,
  orderId: string,
  body: { authCode: string },
): Promise<{ orderId: string; status: OrderStatus }> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const { op, order } = await db.transaction(async (tx) => {
    const found = await lockOrder(tx, orderId);
    if (!found || found.sellerId !== seller.id) throw new AppError('Order.NotFound');
    const reason = pushRefusal(found, now);
    if (reason) throw new AppError('Delivery.NotAllowed', { data: { reason } });
    const opened = await openTransferIn(tx, {
      userId: found.buyerId,
      domain: found.domain,
      authCode: body.authCode,
      orderId: found.id,
      now,
    });
    const transferring = await transitionOrder(tx, found, 'transferring', {
      now,
      actor: seller,
      action: 'seller_push',
      set: { deliveryError: null },
    });
    return { op: opened.op, order: transferring };
  });
  await afterCommit(() => submitNow(app, [op]));
  return { orderId: order.id, status: order.status as OrderStatus };
}

/**
 * A seller_push order not delivered by its deadline: the buyer is refunded, the seller told (inside
 * `tx`). The seller's side (it locks the listing) goes before the refund (it locks escrow): one lock
 * order with a checkout, which locks its listings before paying into escrow.
 */
export async function refundUndelivered(tx: Tx, order: OrderRow, now: Date): Promise<OrderRow> {
  await sellerOrderSettled(tx, order, { completed: false, reason: 'not_delivered' }, now);
  return refundOrder(tx, { order, actor: 'system', now, reason: 'not_delivered' });
}

/** The buyer’s message that the domain is in their My domains (every delivery of a domain: a sale’s, a partner lot’s). */
export function notifyDelivered(tx: Tx, order: OrderRow, now: Date) {
  return notify(tx, {
    userId: order.buyerId,
    kind: 'order_delivered',
    params: { orderId: order.id, domain: order.domain },
    link: DOMAINS_LINK,
    dedupeKey: `order:${order.id}:delivered`,
    now,
  });
}

/**
 * The end of a sale's transfer in (the domains area calls it in the transaction that closes the
 * transfer): completed, or delivery_failed with the reason (refunded once the deadline passed).
 * An order no longer 'transferring' is left as it is.
 */
export const saleTransferInEnded: OrderTransferInHook = async (tx, { orderId, result, now }) => {
  const order = await lockOrder(tx, orderId);
  if (order?.status !== 'transferring') return;
  if (result.succeeded) {
    // The listing (sellerOrderSettled) before escrow (completeOrder): the lock order of a checkout.
    await sellerOrderSettled(tx, order, { completed: true }, now);
    const completed = await completeOrder(tx, { order, actor: 'system', now });
    await notifyDelivered(tx, completed, now);
    return;
  }
  const reason = result.reason.slice(0, 500);
  if (order.deliverAt === null || order.deliverAt <= now) {
    await refundUndelivered(tx, order, now);
    return;
  }
  await transitionOrder(tx, order, 'delivery_failed', {
    now,
    actor: 'system',
    action: 'delivery_failed',
    reason,
    set: { deliveryError: reason },
  });
};

/** Registers the transfer-in hook (buying.module.ts; idempotent: the same hook replaces itself). */
export function registerSaleDelivery(): void {
  onOrderTransferIn(saleTransferInEnded);
}
