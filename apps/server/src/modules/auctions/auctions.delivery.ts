import { type AdminDeliveriesQuery, type AdminDelivery, AUCTION_RULES, type Page } from '@namebourse/contract';
import type { RedemptionReport } from '../../adapters/registrar/port.ts';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { notify } from '../messages/messages.service.ts';
import {
  completeOrder,
  listOrdersInStatus,
  lockOrder,
  type OrderRow,
  refundOrder,
  rescheduleDelivery,
  transitionOrder,
} from '../orders/orders.service.ts';
import { findLot } from './auctions.closing.repository.ts';
import { type ClosingApp, lotIdOf } from './auctions.closing.ts';

/**
 * Delivery of a won lot (issue 5 Rules), driven by the sweeper like the rest of the lot's life
 * after bidding (auctions.closing.ts): at close + 27 days the registrar says whether the old holder
 * redeemed, and the order is completed, refunded or retried later; operators see the queue.
 */

/** Where the delivered message leads. */
const DOMAINS_LINK = '/console/domain/list';

// ---- Delivery: at close + 27 days ask the registrar ----

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

/**
 * A paid auction order whose delivery time came: the registrar says whether the old holder
 * redeemed. Not redeemed → the domain goes into the buyer's My domains and escrow to the partner's
 * payables (order completed); redeemed → refunded from escrow; a registrar failure → delivery_failed
 * (once), the next try AUCTION_RULES.deliveryRetrySeconds later, the reason in the audit.
 */
export async function deliverOrder(
  app: ClosingApp,
  tx: Tx,
  claimed: OrderRow,
  now: Date,
  /** The registrar's answer when the caller already asked (deliverOrders asks for a whole batch at once). */
  asked?: Promise<RedemptionReport>,
): Promise<void> {
  const order = await lockOrder(tx, claimed.id);
  if (!order || (order.status !== 'paid_awaiting_delivery' && order.status !== 'delivery_failed')) return;
  if (order.deliverAt === null || order.deliverAt > now) return;
  const lotId = lotIdOf(order);
  const lot = lotId === null ? undefined : await findLot(tx, lotId);
  let redeemed: boolean;
  try {
    ({ redeemed } = await (asked ?? app.platform.registrar.checkRedemption(order.domain)));
  } catch (err) {
    const reason = `registrar ${app.platform.registrar.name}: ${errorText(err)}`;
    const deliverAt = new Date(now.getTime() + AUCTION_RULES.deliveryRetrySeconds * 1000);
    if (order.status === 'paid_awaiting_delivery') {
      await transitionOrder(tx, order, 'delivery_failed', {
        now,
        actor: 'system',
        action: 'delivery_failed',
        reason,
        set: { deliverAt },
      });
    } else {
      await rescheduleDelivery(tx, order, { deliverAt, now, reason });
    }
    app.log.warn({ orderId: order.id, domain: order.domain, err }, 'delivery failed; retrying later');
    return;
  }
  if (redeemed) {
    await refundOrder(tx, { order, actor: 'system', now, reason: 'redeemed' });
    return;
  }
  await completeOrder(tx, { order, actor: 'system', now });
  await deliverDomain(tx, {
    userId: order.buyerId,
    domain: order.domain,
    registrar: lot?.registrar ?? 'NameBourse',
    registeredAt: lot?.registeredAt ?? null,
    expiresAt: lot?.expiresAt ?? null,
    orderId: order.id,
    now,
  });
  await notify(tx, {
    userId: order.buyerId,
    kind: 'order_delivered',
    params: { orderId: order.id, domain: order.domain },
    link: DOMAINS_LINK,
    dedupeKey: `order:${order.id}:delivered`,
    now,
  });
}

/**
 * `deliverOrder` for a sweep batch: the registrar is asked about every order of the batch at once
 * (its latency, not the database, is what a delivery waits on), then each order is delivered,
 * refunded or rescheduled exactly as deliverOrder does, with its answer. The sweeper runs it in one
 * savepoint and falls back to deliverOrder one by one (asking again) when it throws.
 */
export async function deliverOrders(app: ClosingApp, tx: Tx, claimed: OrderRow[], now: Date): Promise<void> {
  const asked = claimed.map((order) => {
    const answer = app.platform.registrar.checkRedemption(order.domain);
    // Awaited in turn below; a rejection is handled there, never left unhandled meanwhile.
    answer.catch(() => undefined);
    return answer;
  });
  for (const [i, order] of claimed.entries()) await deliverOrder(app, tx, order, now, asked[i]);
}

// ---- Operators: the delivery queue ----

const FAILURE_ACTIONS = new Set(['delivery_failed', 'delivery_retry_failed']);

/** GET /api/admin/deliveries: auction orders in a delivery status, with their failed attempts. */
export async function listDeliveries(
  app: Pick<App, 'platform'>,
  query: AdminDeliveriesQuery,
): Promise<Page<AdminDelivery>> {
  const { db } = app.platform;
  const { items, total } = await listOrdersInStatus(db, { source: 'auction', status: query.status }, windowOf(query));
  const users = await getUsersByIds(
    app,
    items.map((o) => o.buyerId),
  );
  const out: AdminDelivery[] = [];
  for (const order of items) {
    const failures = (await auditTrail(db, 'order', order.id)).filter((a) => FAILURE_ACTIONS.has(a.action));
    const last = failures[0];
    out.push({
      orderId: order.id,
      domain: order.domain,
      status: query.status,
      buyerAccountNo: users.get(order.buyerId.toString())?.accountNo ?? '',
      amountCents: order.amountCents,
      auctionId: lotIdOf(order)?.toString() ?? null,
      attempts: failures.length,
      lastError: last?.reason ?? null,
      lastAttemptAt: last ? last.createdAt.toISOString() : null,
      nextTryAt: order.deliverAt ? order.deliverAt.toISOString() : null,
    });
  }
  return pageOf(query, { items: out, total });
}
