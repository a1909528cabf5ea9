import { type AdminDeliveriesQuery, type AdminDelivery, AUCTION_RULES, type Page } from '@namebourse/contract';
import type { RdapDomain } from '../../adapters/rdap/port.ts';
import { RdapError } from '../../adapters/rdap/port.ts';
import { type RegistryView, registryView } from '../../adapters/rdap/registry-view.ts';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { notifyDelivered, refundUndelivered } from '../buying/delivery.service.ts';
import { sellerOrderSettled } from '../buying/sales.lifecycle.ts';
import { handOverDomain } from '../domains/domains.handover.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { transfer } from '../ledger/ledger.service.ts';
import {
  completeOrder,
  DOMAIN_ORDER_SOURCES,
  listOrdersInStatus,
  lockOrder,
  OPEN_DOMAIN_ORDER_STATUSES,
  type OrderRow,
  REGISTRY_REFRESH_MS,
  REGISTRY_RETRY_MS,
  refundOrder,
  rescheduleDelivery,
  saveRegistryState,
  saveRegistryStates,
  transitionOrder,
} from '../orders/orders.service.ts';
import { type ClosingAuctionRow, findLot } from './auctions.closing.repository.ts';
import { type ClosingApp, lotIdOf } from './auctions.closing.ts';
import { sellerLotSettled } from './auctions.seller.ts';

/**
 * Delivery of a paid order of a domain (an auction win now; fixed-price and offer orders use the
 * same mechanism), driven by the sweeper like the rest of the lot's life after bidding
 * (auctions.closing.ts). Every such order has a delivery date (the close + 27 days, set at payment
 * at the latest); at that date the registry (RDAP, docs/adr/0017) says whether the previous holder
 * redeemed the domain: not redeemed → completed and in the buyer's My domains in the same
 * transaction; redeemed → refunded from escrow with a message (and the goodwill credit when the
 * setting is above 0); the registry not answering → delivery_failed with the reason on the order
 * (the buyer sees 'delivery failed, retrying'), retried AUCTION_RULES.deliveryRetrySeconds later.
 * Meanwhile a second sweeper keeps each open order's 'reclaimable until' date from the registry,
 * so list pages never query the registry per row. Operators see the queue.
 *
 * The registrar's checkRedemption is no longer asked here: RDAP is the registry's own record and
 * says the same (the simulator derives it from the registrar simulator's state, or from an
 * injected registrar's checkRedemption when that is not the simulator).
 */

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

/** The registry's record for a delivery or a refresh: a 404 is an error here (nothing to deliver yet). */
async function lookupRecord(app: ClosingApp, domain: string, now: Date): Promise<RdapDomain> {
  const record = await app.platform.rdap.lookup(domain, now);
  if (record === null) throw new RdapError(domain, `the registry has no record of ${domain}`);
  return record;
}

/** Starts one lookup per order at once; each rejection is handled where it is awaited. */
function lookupAll(app: ClosingApp, claimed: OrderRow[], now: Date): Promise<RdapDomain>[] {
  return claimed.map((order) => {
    const answer = lookupRecord(app, order.domain, now);
    answer.catch(() => undefined);
    return answer;
  });
}

// ---- Delivery: at the delivery date ask the registry ----

/**
 * A paid order whose delivery time came: the registry says whether the old holder redeemed. Not
 * redeemed → the domain goes into the buyer's My domains and escrow to the partner's payables (or
 * the seller's earnings) (order completed); redeemed → refunded from escrow (+ goodwill); a
 * registry failure → delivery_failed (once) with the reason on the order, the next try
 * AUCTION_RULES.deliveryRetrySeconds later, each failure in the audit. A seller's order: a domain
 * held here is handed over (handOverSold); one held elsewhere ('seller_push') reaching its date
 * means the seller did not deliver by the deadline: the buyer is refunded (buying/delivery.service.ts;
 * an order 'transferring' is not claimed, its transfer decides).
 */
export async function deliverOrder(
  app: ClosingApp,
  tx: Tx,
  claimed: OrderRow,
  now: Date,
  /** The registry's answer when the caller already asked (deliverOrders asks for a whole batch at once). */
  asked?: Promise<RdapDomain>,
): Promise<void> {
  const order = await lockOrder(tx, claimed.id);
  if (!order || (order.status !== 'paid_awaiting_delivery' && order.status !== 'delivery_failed')) return;
  if (order.deliverAt === null || order.deliverAt > now) return;
  const lotId = lotIdOf(order);
  const lot = lotId === null ? undefined : await findLot(tx, lotId);
  if (order.sellerId !== null) {
    // A domain held elsewhere that the seller did not push by the deadline (deliverAt): refunded.
    if (order.delivery === 'seller_push') await refundUndelivered(tx, order, now);
    else await handOverSold(app, tx, order, order.sellerId, lot, now);
    return;
  }
  let view: RegistryView;
  try {
    const record = await (asked ?? lookupRecord(app, order.domain, now));
    view = registryView(record, { now, knownExpiresAt: lot?.expiresAt ?? null });
  } catch (err) {
    const reason = `registry (RDAP ${app.platform.rdap.name}): ${errorText(err)}`;
    const deliverAt = new Date(now.getTime() + AUCTION_RULES.deliveryRetrySeconds * 1000);
    if (order.status === 'paid_awaiting_delivery') {
      await transitionOrder(tx, order, 'delivery_failed', {
        now,
        actor: 'system',
        action: 'delivery_failed',
        reason,
        set: { deliverAt, deliveryError: reason },
      });
    } else {
      await rescheduleDelivery(tx, order, { deliverAt, now, reason });
    }
    app.log.warn({ orderId: order.id, domain: order.domain, err }, 'delivery failed; retrying later');
    return;
  }
  if (view.redeemed) {
    await refundRedeemed(app, tx, order, now);
    return;
  }
  await completeOrder(tx, { order, actor: 'system', now });
  // Built apart from the call: the lead's DeliverDomainInput gains `reclaimableUntil`.
  const delivered = {
    userId: order.buyerId,
    domain: order.domain,
    registrar: lot?.registrar ?? 'NameBourse',
    registeredAt: lot?.registeredAt ?? null,
    expiresAt: lot?.expiresAt ?? view.expiresAt,
    reclaimableUntil: view.reclaimableUntil,
    orderId: order.id,
    transferOutWaitDays: app.platform.parameters.get('transferOutWaitDays'),
    now,
  };
  await deliverDomain(tx, delivered);
  await notifyDelivered(tx, order, now);
}

/**
 * A seller's domain held here (a seller auction, a fixed-price or offer sale of a held listing: due
 * at payment): no registry wait — it moves from the seller's My domains to the buyer's and the
 * escrow goes to the seller's earnings net of the commission, in this transaction. When the seller
 * no longer holds it in a state that can change hands, the buyer is refunded. Either way the sale
 * is settled on the seller's side (buying/sales.lifecycle.ts), a lot's also through its hooks.
 */
async function handOverSold(
  app: ClosingApp,
  tx: Tx,
  order: OrderRow,
  sellerId: bigint,
  lot: ClosingAuctionRow | undefined,
  now: Date,
): Promise<void> {
  const moved = await handOverDomain(tx, {
    domain: order.domain,
    fromUserId: sellerId,
    toUserId: order.buyerId,
    orderId: order.id,
    transferOutWaitDays: app.platform.parameters.get('transferOutWaitDays'),
    now,
  });
  // The seller's side of every sale (the listing moved, the seller told) goes first: it locks the
  // listing, and completing or refunding locks escrow — the lock order of a checkout (listings, then
  // escrow), so the two never deadlock. A lot's listing follows its lot's hooks (sellerLotSettled).
  if (!moved) {
    await sellerOrderSettled(tx, order, { completed: false, reason: 'seller_unavailable' }, now);
    const refunded = await refundOrder(tx, { order, actor: 'system', now, reason: 'seller_unavailable' });
    if (lot) await sellerLotSettled(tx, lot, refunded, { completed: false, reason: 'seller_unavailable' }, now);
    return;
  }
  await sellerOrderSettled(tx, order, { completed: true }, now);
  const completed = await completeOrder(tx, { order, actor: 'system', now });
  await notifyDelivered(tx, completed, now);
  if (lot) await sellerLotSettled(tx, lot, completed, { completed: true }, now);
}

/**
 * The previous holder redeemed the domain: the order is refunded from escrow (its message says so)
 * and, when the goodwillCreditCents parameter is above 0, the buyer is credited that much from the platform's
 * fees account (kind adjustment, key `order:goodwill:<id>`, memo the domain), once.
 */
async function refundRedeemed(app: ClosingApp, tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const goodwillCents = app.platform.parameters.get('goodwillCreditCents');
  if (goodwillCents > 0) {
    await transfer(tx, now, {
      kind: 'adjustment',
      idempotencyKey: `order:goodwill:${order.id}`,
      ref: { type: 'order', id: order.id },
      memo: order.domain,
      postings: [
        { account: { platform: 'fees' }, amountCents: -goodwillCents },
        { account: { userId: order.buyerId, bucket: 'available' }, amountCents: goodwillCents },
      ],
    });
  }
  await refundOrder(tx, {
    order,
    actor: 'system',
    now,
    reason: 'redeemed',
    ...(goodwillCents > 0 ? { goodwillCents } : {}),
  });
}

/**
 * `deliverOrder` for a sweep batch: the registry is asked about every order of the batch at once
 * (its latency, not the database, is what a delivery waits on), then each order is delivered,
 * refunded or rescheduled exactly as deliverOrder does, with its answer. The sweeper runs it in one
 * savepoint and falls back to deliverOrder one by one (asking again) when it throws.
 */
export async function deliverOrders(app: ClosingApp, tx: Tx, claimed: OrderRow[], now: Date): Promise<void> {
  // A seller's order needs no registry answer (handed over here): only the partners' are asked about.
  const partners = claimed.filter((order) => order.sellerId === null);
  const answers = lookupAll(app, partners, now);
  const answerOf = new Map(partners.map((order, i) => [order.id, answers[i]]));
  for (const order of claimed) await deliverOrder(app, tx, order, now, answerOf.get(order.id));
}

// ---- The registry's view of open orders: until when the old holder can reclaim ----

const OPEN: readonly string[] = OPEN_DOMAIN_ORDER_STATUSES;

/**
 * The registry state an open order stores: until when the previous holder can reclaim the domain
 * (registry-view.ts; a redemption is decided at delivery, with the lot's known expiry, so none is
 * needed here) and the next read REGISTRY_REFRESH_MS later; a failed read keeps the stored date and
 * tries again REGISTRY_RETRY_MS later.
 */
async function registryStateOf(
  app: ClosingApp,
  order: OrderRow,
  answer: Promise<RdapDomain>,
  now: Date,
): Promise<{ reclaimableUntil?: Date | null; registryCheckAt: Date }> {
  try {
    const view = registryView(await answer, { now });
    return { reclaimableUntil: view.reclaimableUntil, registryCheckAt: new Date(now.getTime() + REGISTRY_REFRESH_MS) };
  } catch (err) {
    app.log.info({ orderId: order.id, domain: order.domain, err }, 'registry read failed; retrying later');
    return { registryCheckAt: new Date(now.getTime() + REGISTRY_RETRY_MS) };
  }
}

/** An open order of a domain whose registry check is due (claimed, so locked): reads and stores its state. */
export async function refreshRegistryState(app: ClosingApp, tx: Tx, claimed: OrderRow, now: Date): Promise<void> {
  const order = await lockOrder(tx, claimed.id);
  if (!order || !OPEN.includes(order.status) || order.registryCheckAt === null || order.registryCheckAt > now) return;
  const state = await registryStateOf(app, order, lookupRecord(app, order.domain, now), now);
  await saveRegistryState(tx, order.id, state);
}

/**
 * `refreshRegistryState` for a sweep batch, set-based: the registry is asked about every claimed
 * order at once, then one statement stores every answer (only for orders still open; the claim
 * holds their locks). 10,000 lots closing together cost a few statements per batch, not per order.
 */
export async function refreshRegistryStates(app: ClosingApp, tx: Tx, claimed: OrderRow[], now: Date): Promise<void> {
  const asked = lookupAll(app, claimed, now);
  const states = await Promise.all(
    claimed.map((order, i) => registryStateOf(app, order, asked[i] as Promise<RdapDomain>, now)),
  );
  await saveRegistryStates(
    tx,
    claimed.map((order, i) => ({ orderId: order.id, ...(states[i] as Awaited<ReturnType<typeof registryStateOf>>) })),
  );
}

// ---- Operators: the delivery queue ----

const FAILURE_ACTIONS = new Set(['delivery_failed', 'delivery_retry_failed']);

/** GET /api/admin/deliveries: orders of a domain in a delivery status, with their failed attempts. */
export async function listDeliveries(
  app: Pick<App, 'platform'>,
  query: AdminDeliveriesQuery,
): Promise<Page<AdminDelivery>> {
  const { db } = app.platform;
  const { items, total } = await listOrdersInStatus(
    db,
    { source: DOMAIN_ORDER_SOURCES, status: query.status },
    windowOf(query),
  );
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
