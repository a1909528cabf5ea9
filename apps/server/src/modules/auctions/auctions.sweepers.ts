import type { App } from '../../platform/app-context.ts';
import {
  claimOrdersDue,
  DOMAIN_ORDER_SOURCES,
  OPEN_DOMAIN_ORDER_STATUSES,
  ORDER_EVENTS,
  type OrderEventPayload,
  type OrderRow,
} from '../orders/orders.service.ts';
import type { ClosingAuctionRow, WinnerDepositRow } from './auctions.closing.repository.ts';
import { claimDueClosings, claimDueOpenings } from './auctions.closing.repository.ts';
import { closeLot, closeLots, forfeitUnpaid, forfeitUnpaidMany, lotIdOf, openLot } from './auctions.closing.ts';
import { deliverOrder, deliverOrders, refreshRegistryState, refreshRegistryStates } from './auctions.delivery.ts';
import {
  claimPaidWinners,
  releasePaidWinnerDeposit,
  releasePaidWinnerDeposits,
  releasePaidWinnerNow,
} from './auctions.deposits.ts';

/**
 * Lots closed per sweep transaction: set-based (closeLots), so a batch costs a handful of
 * statements whatever its size; small enough that a batch that fails as a whole (and is then
 * closed lot by lot) and the locks held until its commit stay short.
 */
const CLOSE_BATCH = 500;
/** Paid winners whose deposits one sweep transaction releases (set-based: releasePaidWinnerDeposits). */
const WINNER_DEPOSIT_BATCH = 500;
/**
 * Unpaid orders voided per sweep transaction (set-based: forfeitUnpaidMany); the claim is a short
 * range read of the partial index orders_violation_idx (migration 0010).
 */
const VIOLATION_BATCH = 500;
/**
 * Open orders whose registry state one sweep transaction reads (set-based: one statement stores
 * them all; the lookups run at once, the RDAP client bounds how many go to the network together).
 */
const REGISTRY_BATCH = 500;

/**
 * The lot's deadlines (DESIGN.md §3), in this order within one sweep run:
 * - auctions.open: scheduled lots whose start came → bidding;
 * - auctions.close: bidding lots whose end came → ended (winner's order, losers' deposits released),
 *   a batch at a time (closeLots), lot by lot (closeLot) for a batch that fails;
 * - auctions.winner-deposit: winners who paid → their deposit released, a batch at a time (also
 *   right after order.paid, for that order's lot only);
 * - auctions.violation: lots' orders in buyer_violation → deposit forfeited, order voided, a batch
 *   at a time;
 * - auctions.delivery: paid orders of a domain (every source that delivers one, with or without
 *   a lot) whose delivery time came → delivered or refunded, or delivery_failed and retried later;
 *   the registry (RDAP) is asked about a batch at once;
 * - auctions.registry: open orders of a domain whose registry check is due → until when the
 *   previous holder can reclaim it, stored on the order (list pages read it, never RDAP).
 * Each claims its rows FOR UPDATE SKIP LOCKED and re-checks them under the lock.
 */
export function registerAuctionSweepers(app: App): void {
  const { sweeper, events } = app.platform;
  sweeper.register<ClosingAuctionRow>({
    name: 'auctions.open',
    claim: (tx, now, limit) => claimDueOpenings(tx, now, limit),
    apply: (tx, row, now) => openLot(app, tx, row, now),
  });
  sweeper.register<ClosingAuctionRow>({
    name: 'auctions.close',
    batchSize: CLOSE_BATCH,
    claim: (tx, now, limit) => claimDueClosings(tx, now, limit),
    apply: (tx, row, now) => closeLot(app, tx, row, now),
    applyBatch: (tx, rows, now) => closeLots(app, tx, rows, now),
  });
  sweeper.register<WinnerDepositRow>({
    name: 'auctions.winner-deposit',
    batchSize: WINNER_DEPOSIT_BATCH,
    claim: (tx, now, limit) => claimPaidWinners(tx, now, limit),
    apply: async (tx, row, now) => {
      await releasePaidWinnerDeposit(tx, row, now);
    },
    applyBatch: (tx, rows, now) => releasePaidWinnerDeposits(tx, rows, now),
  });
  sweeper.register<OrderRow>({
    name: 'auctions.violation',
    batchSize: VIOLATION_BATCH,
    claim: (tx, now, limit) =>
      claimOrdersDue(tx, {
        source: 'auction',
        statuses: ['buyer_violation'],
        due: 'payBy',
        now,
        limit,
        withSourceRef: true,
      }),
    apply: (tx, row, now) => forfeitUnpaid(tx, row, now),
    applyBatch: (tx, rows, now) => forfeitUnpaidMany(tx, rows, now),
  });
  sweeper.register<OrderRow>({
    name: 'auctions.delivery',
    batchSize: 20,
    claim: (tx, now, limit) =>
      claimOrdersDue(tx, {
        source: DOMAIN_ORDER_SOURCES,
        statuses: ['paid_awaiting_delivery', 'delivery_failed'],
        due: 'deliverAt',
        now,
        limit,
      }),
    apply: (tx, row, now) => deliverOrder(app, tx, row, now),
    applyBatch: (tx, rows, now) => deliverOrders(app, tx, rows, now),
  });
  sweeper.register<OrderRow>({
    name: 'auctions.registry',
    batchSize: REGISTRY_BATCH,
    claim: (tx, now, limit) =>
      claimOrdersDue(tx, {
        source: DOMAIN_ORDER_SOURCES,
        statuses: OPEN_DOMAIN_ORDER_STATUSES,
        due: 'registryCheckAt',
        now,
        limit,
      }),
    apply: (tx, row, now) => refreshRegistryState(app, tx, row, now),
    applyBatch: (tx, rows, now) => refreshRegistryStates(app, tx, rows, now),
  });

  // Release the winner's deposit as soon as the order is paid (the sweep above catches any miss).
  const unsubscribe = events.subscribe(ORDER_EVENTS.paid, (event) => {
    const payload = event.payload as OrderEventPayload;
    const auctionId = lotIdOf({ source: payload.source, sourceRef: payload.sourceRef });
    if (auctionId === null || !/^\d{1,19}$/.test(payload.buyerId)) return;
    releasePaidWinnerNow(app, { orderId: payload.orderId, auctionId, userId: BigInt(payload.buyerId) }).catch(
      (err: unknown) =>
        app.log.warn(
          { err, orderId: payload.orderId },
          'releasing the winner deposit after payment failed; the sweep retries',
        ),
    );
  });
  app.addHook('onClose', async () => unsubscribe());
}
