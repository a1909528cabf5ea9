import { AUCTION_TRANSITIONS, type AuctionLive, ORDER_LIMITS } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { type NotifyInput, notify, notifyMany } from '../messages/messages.service.ts';
import {
  createOrder,
  createOrders,
  lockOrder,
  lockOrders,
  type OrderRow,
  orderRates,
  payByFrom,
  transitionOrder,
  transitionOrders,
} from '../orders/orders.service.ts';
import {
  type ClosingAuctionRow,
  type ClosingBidderRow,
  endLots,
  listBiddersOfLots,
  listLotBidders,
  lockBidder,
  lockBidders,
  lockDueLots,
  lockLot,
  lockLots,
  updateLotFrom,
} from './auctions.closing.repository.ts';
import { DEPOSIT_REASONS, forfeitDeposit, releaseDeposit, settleDepositsOf } from './auctions.deposits.ts';
import { saleOf } from './auctions.engine.ts';
import { AUCTION_EVENTS, publishLive, publishLives } from './auctions.events.ts';
import { toLive } from './auctions.presenter.ts';
import { type SellerLotOutcome, sellerLotClosed, sellerLotCommissions, sellerLotSettled } from './auctions.seller.ts';

/**
 * The lot's life after bidding (issue 5 Rules: close, payment, violation, delivery), driven by the
 * sweeper (DESIGN.md §3). Every step runs in one database transaction per lot or order, re-checks
 * the row's state under its lock, moves statuses through AUCTION_TRANSITIONS / ORDER_TRANSITIONS
 * with conditional updates, and moves money through the ledger with a deterministic idempotency
 * key, so a crash at any point or a second server instance never applies a step twice. Events
 * are published after commit. This file opens and closes lots and voids unpaid wins; the deposits
 * (losers', paid winners', forfeits) move in auctions.deposits.ts, delivery runs in
 * auctions.delivery.ts, and auctions.sweepers.ts registers them all.
 */

/** Where the won-auction message leads. */
const WON_LINK = '/console/auction/win';

/** The winner's message: the lot is theirs, the order to pay and by when. */
function wonMessage(lot: ClosingAuctionRow, winnerId: bigint, order: OrderRow, payBy: Date, now: Date): NotifyInput {
  return {
    userId: winnerId,
    kind: 'auction_won',
    params: {
      auctionId: lot.id.toString(),
      orderId: order.id,
      domain: lot.domain,
      amountCents: order.amountExTaxCents,
      payBy: (order.payBy ?? payBy).toISOString(),
    },
    link: `${WON_LINK}?orderId=${encodeURIComponent(order.id)}`,
    dedupeKey: `auction:${lot.id}:won`,
    now,
  };
}

/** The buyer's message when an unpaid win is voided, with the deposit forfeited. */
function violationMessage(order: OrderRow, depositCents: number, now: Date): NotifyInput {
  return {
    userId: order.buyerId,
    kind: 'order_violation',
    params: { orderId: order.id, domain: order.domain, depositCents },
    link: `${WON_LINK}?status=violation`,
    dedupeKey: `order:${order.id}:violation`,
    now,
  };
}

/** What the closing steps use of the app: the platform (clock, registrar, events) and the log. */
export type ClosingApp = Pick<App, 'platform' | 'log'>;

/**
 * When a won lot's domain is delivered: a partner's lot waits for the registry (the close + 27
 * days: the old holder may still redeem it); a seller's lot is the seller's own domain, handed over
 * as soon as it is paid.
 */
function deliverAtOf(lot: ClosingAuctionRow, now: Date): Date {
  return lot.sellerId !== null ? now : new Date(now.getTime() + ORDER_LIMITS.deliveryWaitDays * 86_400_000);
}

/** A seller lot's outcome for the listings area's hook. */
function sellerOutcome(lot: ClosingAuctionRow, order: OrderRow | undefined, buyerId: bigint | null): SellerLotOutcome {
  if (order && buyerId !== null) return { sold: true, orderId: order.id, priceCents: order.amountExTaxCents, buyerId };
  return { sold: false, reason: lot.bidCount > 0 ? 'reserve_not_met' : 'no_bids' };
}

/** The lot id an auction order refers to (null for orders that did not come from a lot). */
export function lotIdOf(order: Pick<OrderRow, 'source' | 'sourceRef'>): bigint | null {
  if (order.source !== 'auction' || !order.sourceRef || !/^\d{1,19}$/.test(order.sourceRef)) return null;
  return BigInt(order.sourceRef);
}

// ---- Open: scheduled → bidding ----

export async function openLot(
  app: ClosingApp,
  tx: Tx,
  claimed: ClosingAuctionRow,
  now: Date,
): Promise<AfterCommit | undefined> {
  const lot = await lockLot(tx, claimed.id);
  if (lot?.status !== 'scheduled' || lot.startsAt > now) return undefined;
  assertTransition(AUCTION_TRANSITIONS, 'scheduled', 'bidding', 'Auction.InvalidTransition');
  const opened = await updateLotFrom(tx, lot.id, 'scheduled', { status: 'bidding', updatedAt: now });
  if (!opened) return undefined;
  const live: AuctionLive = toLive(opened, null);
  return () => publishLive(app, AUCTION_EVENTS.updated, live);
}

// ---- Close: bidding → ended, the winner's order, the losers' deposits ----

/**
 * Closes a lot whose end has come: without bids it ends without a winner; otherwise the leader
 * wins at the current price with an order awaiting payment (pay-by close + 72 h, delivery at close
 * + 27 days), every other non-exited bidder's deposit is released, and the winner is told.
 */
export async function closeLot(
  app: ClosingApp,
  tx: Tx,
  claimed: ClosingAuctionRow,
  now: Date,
): Promise<AfterCommit | undefined> {
  const lot = await lockLot(tx, claimed.id);
  if (lot?.status !== 'bidding' || lot.endsAt > now) return undefined;
  assertTransition(AUCTION_TRANSITIONS, 'bidding', 'ended', 'Auction.InvalidTransition');
  const bidders = await listLotBidders(tx, lot.id);
  const sale = saleOf(lot);
  const winnerId = sale?.winnerId ?? null;
  let closed: ClosingAuctionRow | undefined;
  let winner: ClosingBidderRow | undefined;
  let order: OrderRow | undefined;
  if (sale === null) {
    closed = await updateLotFrom(tx, lot.id, 'bidding', { status: 'ended', closedAt: now, updatedAt: now });
  } else {
    winner = bidders.find((b) => b.userId === winnerId);
    const payBy = payByFrom(now);
    const rates = orderRates(app);
    const commissions = await sellerLotCommissions(tx, [lot], now, rates.commissionBps);
    order = await createOrder(tx, {
      buyerId: sale.winnerId,
      sellerId: lot.sellerId,
      partner: lot.partner,
      source: 'auction',
      sourceRef: lot.id.toString(),
      domain: lot.domain,
      amountExTaxCents: sale.priceCents,
      payBy,
      deliverAt: deliverAtOf(lot, now),
      listingId: lot.listingId,
      commissionBps: commissions.get(lot.id) ?? rates.commissionBps,
      taxRateBps: rates.taxRateBps,
      now,
      actor: 'system',
    });
    closed = await updateLotFrom(tx, lot.id, 'bidding', {
      status: 'ended',
      winnerId: sale.winnerId,
      winningPriceCents: sale.priceCents,
      orderId: order.id,
      closedAt: now,
      updatedAt: now,
    });
    if (closed) {
      await notify(tx, wonMessage(lot, sale.winnerId, order, payBy, now));
    }
  }
  // The lot is locked and was bidding: a failed conditional update means something else changed
  // it under us; throwing rolls this lot's savepoint back (order included).
  if (!closed) throw new Error(`auction ${lot.id}: close lost a race it cannot lose under the lock`);
  for (const bidder of bidders) {
    if (bidder.userId === winnerId || bidder.exitedAt !== null) continue;
    await releaseDeposit(tx, { auctionId: lot.id, userId: bidder.userId, now, reason: DEPOSIT_REASONS.lost });
  }
  await sellerLotClosed(tx, closed, sellerOutcome(closed, order, winnerId), now);
  const live = toLive(closed, winner?.bidderNo ?? null);
  return () => publishLive(app, AUCTION_EVENTS.closed, live);
}

/**
 * `closeLot` for a whole sweep batch, set-based: a few statements for all the lots instead of a
 * few per lot (10,000 lots ending in the same second). Same re-checks under the locks, same
 * transitions, orders, messages, ledger keys and events as closeLot for each lot; run by the
 * sweeper in one savepoint, and when it throws the batch is closed lot by lot with closeLot.
 */
export async function closeLots(
  app: ClosingApp,
  tx: Tx,
  claimed: ClosingAuctionRow[],
  now: Date,
): Promise<AfterCommit | undefined> {
  const lots = await lockDueLots(
    tx,
    claimed.map((l) => l.id),
    now,
  );
  if (lots.length === 0) return undefined;
  assertTransition(AUCTION_TRANSITIONS, 'bidding', 'ended', 'Auction.InvalidTransition');
  const biddersOf = new Map<bigint, ClosingBidderRow[]>();
  for (const bidder of await listBiddersOfLots(
    tx,
    lots.map((l) => l.id),
  )) {
    const list = biddersOf.get(bidder.auctionId);
    if (list) list.push(bidder);
    else biddersOf.set(bidder.auctionId, [bidder]);
  }
  const sales = new Map(lots.map((lot) => [lot.id, saleOf(lot)]));
  const winnerOf = (lot: ClosingAuctionRow) => sales.get(lot.id)?.winnerId ?? null;
  const priceOf = (lot: ClosingAuctionRow) => sales.get(lot.id)?.priceCents ?? lot.currentPriceCents;
  const won = lots.filter((lot) => winnerOf(lot) !== null);
  const payBy = payByFrom(now);
  const rates = orderRates(app);
  const commissions = await sellerLotCommissions(tx, won, now, rates.commissionBps);
  const orders = await createOrders(
    tx,
    won.map((lot) => ({
      buyerId: winnerOf(lot) as bigint,
      sellerId: lot.sellerId,
      partner: lot.partner,
      source: 'auction',
      sourceRef: lot.id.toString(),
      domain: lot.domain,
      amountExTaxCents: priceOf(lot),
      payBy,
      deliverAt: deliverAtOf(lot, now),
      listingId: lot.listingId,
      commissionBps: commissions.get(lot.id) ?? rates.commissionBps,
      taxRateBps: rates.taxRateBps,
      now,
      actor: 'system',
    })),
  );
  const orderOf = new Map(won.map((lot, i) => [lot.id, orders[i] as OrderRow]));
  const closed = await endLots(
    tx,
    lots.map((lot) => {
      const order = orderOf.get(lot.id);
      const winnerId = winnerOf(lot);
      return {
        id: lot.id,
        winner: order && winnerId !== null ? { userId: winnerId, priceCents: priceOf(lot), orderId: order.id } : null,
      };
    }),
    now,
  );
  // The lots are locked and were bidding: one that did not move means something changed it under
  // us; throwing rolls the batch back (orders included) and the sweeper closes the lots one by one.
  if (closed.length !== lots.length) {
    throw new Error(`close batch: ${lots.length - closed.length} of ${lots.length} lots did not move under the lock`);
  }
  const messages: NotifyInput[] = [];
  for (const lot of won) {
    const order = orderOf.get(lot.id) as OrderRow;
    messages.push(wonMessage(lot, winnerOf(lot) as bigint, order, payBy, now));
  }
  for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT) {
    await notifyMany(tx, messages.slice(i, i + MESSAGES_PER_STATEMENT));
  }
  // Every other non-exited bidder lost: their whole deposit goes back (as releaseDeposit does).
  const losers = lots.flatMap((lot) =>
    (biddersOf.get(lot.id) ?? []).filter((b) => b.userId !== winnerOf(lot) && b.exitedAt === null),
  );
  await settleDepositsOf(tx, now, losers, DEPOSIT_REASONS.lost);
  for (const row of closed) {
    if (row.sellerId === null) continue;
    const order = orderOf.get(row.id);
    await sellerLotClosed(tx, row, sellerOutcome(row, order, order ? row.winnerId : null), now);
  }
  const lives = closed.map((row) => {
    const winnerId = row.winnerId;
    const winner = winnerId === null ? undefined : biddersOf.get(row.id)?.find((b) => b.userId === winnerId);
    return toLive(row, winner?.bidderNo ?? null);
  });
  return () => publishLives(app, AUCTION_EVENTS.closed, lives);
}

/** Messages per notifyMany statement (6 parameters a message). */
const MESSAGES_PER_STATEMENT = 2_000;

// ---- Violation: buyer_violation → deposit forfeited, order voided ----

/** An auction order left unpaid (buyer_violation): the winner's deposit goes to forfeits, the order is voided. */
export async function forfeitUnpaid(tx: Tx, claimed: OrderRow, now: Date): Promise<void> {
  const order = await lockOrder(tx, claimed.id);
  if (order?.status !== 'buyer_violation') return;
  const lotId = lotIdOf(order);
  let forfeited = 0;
  let sellerLot: ClosingAuctionRow | undefined;
  if (lotId !== null) {
    const lot = await lockLot(tx, lotId);
    if (lot?.sellerId) sellerLot = lot;
    if (lot) {
      await lockBidder(tx, lotId, order.buyerId);
      forfeited = await forfeitDeposit(tx, {
        auctionId: lotId,
        userId: order.buyerId,
        now,
        reason: DEPOSIT_REASONS.violation,
      });
    }
  }
  await transitionOrder(tx, order, 'voided', {
    now,
    actor: 'system',
    action: 'forfeit',
    reason: forfeited > 0 ? `unpaid: deposit of ${forfeited} cents forfeited` : 'unpaid',
  });
  await notify(tx, violationMessage(order, forfeited, now));
  if (sellerLot) await sellerLotSettled(tx, sellerLot, order, { completed: false, reason: 'unpaid' }, now);
}

/**
 * `forfeitUnpaid` for a whole sweep batch, set-based: the same re-check (the order is still in
 * buyer_violation under its lock), locks (orders, lots, bidder rows), ledger keys, transition,
 * audit reasons and messages, in a few statements for the batch. The sweeper runs it in one
 * savepoint and falls back to one by one when it throws.
 */
export async function forfeitUnpaidMany(tx: Tx, claimed: OrderRow[], now: Date): Promise<void> {
  const orders = (
    await lockOrders(
      tx,
      claimed.map((o) => o.id),
    )
  ).filter((o) => o.status === 'buyer_violation');
  if (orders.length === 0) return;
  const lotIds = [...new Set(orders.map(lotIdOf).filter((id): id is bigint => id !== null))];
  const lockedLots = await lockLots(tx, lotIds);
  const lots = new Set(lockedLots.map((lot) => lot.id));
  // The winner's deposit of each order's lot (as forfeitUnpaid: only when the lot exists).
  const deposits = orders.flatMap((order) => {
    const auctionId = lotIdOf(order);
    return auctionId !== null && lots.has(auctionId) ? [{ order, auctionId, userId: order.buyerId }] : [];
  });
  await lockBidders(tx, deposits);
  const held = await settleDepositsOf(tx, now, deposits, DEPOSIT_REASONS.violation);
  const forfeited = new Map(deposits.map((d, i) => [d.order.id, held[i] ?? 0]));
  await transitionOrders(
    tx,
    orders.map((order) => {
      const cents = forfeited.get(order.id) ?? 0;
      return { order, reason: cents > 0 ? `unpaid: deposit of ${cents} cents forfeited` : 'unpaid' };
    }),
    'voided',
    { now, actor: 'system', action: 'forfeit' },
  );
  const messages = orders.map((order) => violationMessage(order, forfeited.get(order.id) ?? 0, now));
  for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT) {
    await notifyMany(tx, messages.slice(i, i + MESSAGES_PER_STATEMENT));
  }
  const sellerLots = new Map(lockedLots.filter((lot) => lot.sellerId !== null).map((lot) => [lot.id, lot]));
  for (const order of orders) {
    const lotId = lotIdOf(order);
    const lot = lotId === null ? undefined : sellerLots.get(lotId);
    if (lot) await sellerLotSettled(tx, lot, order, { completed: false, reason: 'unpaid' }, now);
  }
}
