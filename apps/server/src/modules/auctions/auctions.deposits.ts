import type { DepositRule, OrderStatus } from '@namebourse/contract';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { capture, captureMany, heldFor, heldForEach, release, releaseMany } from '../ledger/ledger.service.ts';
import { getOrderBySource, orderStatusIn } from '../orders/orders.service.ts';
import {
  claimPaidWinnerDeposits,
  clearDeposits,
  findLot,
  lockBidder,
  lockWinnerDeposits,
  type WinnerDepositRow,
} from './auctions.closing.repository.ts';
import { updateBidder } from './auctions.repository.ts';

/**
 * A lot's deposits (issue 5 Rules): held by bidding (auctions.bidding.ts, through the ledger's
 * holdBatch), then released when the bidder exits, loses or pays as the winner, or forfeited to the
 * platform when the winner leaves the order unpaid. One ledger reference per lot and one
 * idempotency key per bidder, lot and reason, whether a deposit moves alone or in a sweep batch.
 */

/** The deposit rule in force: the depositMinCents and depositRateBps parameters, read at use. */
export function auctionDepositRule(app: Pick<App, 'platform'>): DepositRule {
  const { parameters } = app.platform;
  return { depositMinCents: parameters.get('depositMinCents'), depositRateBps: parameters.get('depositRateBps') };
}

/** The ledger reference of a lot's deposits (one hold per bidder and lot). */
export function depositRef(auctionId: bigint) {
  return { type: 'auction', id: auctionId.toString() } as const;
}

/** The ledger key of a deposit release: one per bidder, lot and reason, alone or in a batch. */
function depositReleaseKey(auctionId: bigint, userId: bigint, reason: string): string {
  return `auction:${auctionId}:deposit-release:${userId}:${reason}`;
}

/** The ledger key of a deposit forfeit: one per bidder, lot and reason, alone or in a batch. */
function depositForfeitKey(auctionId: bigint, userId: bigint, reason: string): string {
  return `auction:${auctionId}:deposit-forfeit:${userId}:${reason}`;
}

/**
 * Why a deposit moves after bidding (releaseDeposit / forfeitDeposit and settleDepositsOf make it
 * part of the ledger idempotency key: one business event, one key).
 */
export const DEPOSIT_REASONS = { lost: 'lost', paid: 'paid', violation: 'violation' } as const;

/** Order statuses in which the winner has paid (the deposit is then released). */
export const PAID_ORDER_STATUSES: OrderStatus[] = [
  'paid_awaiting_delivery',
  'transferring',
  'delivery_failed',
  'completed',
  'refunded',
  'confiscated',
];

/** What the ledger holds from the user as this lot's deposit (0 when nothing). */
export function depositHeld(db: DbOrTx, auctionId: bigint, userId: bigint): Promise<number> {
  return heldFor(db, userId, depositRef(auctionId));
}

export interface DepositMove {
  auctionId: bigint;
  userId: bigint;
  now: Date;
  /** Why (part of the ledger idempotency key): 'exit', 'lost', 'paid', 'cancelled' … */
  reason: string;
}

/**
 * The user's whole deposit for the lot moved by `move` (when anything is held) and 0 recorded on
 * their bidder row; returns the cents moved.
 */
async function settleDeposit(tx: Tx, input: DepositMove, move: (held: number) => Promise<unknown>): Promise<number> {
  const held = await depositHeld(tx, input.auctionId, input.userId);
  if (held > 0) await move(held);
  await updateBidder(tx, input.auctionId, input.userId, { depositCents: 0 });
  return held;
}

/**
 * Releases the user's whole deposit for the lot (frozen → available) and records 0 on their
 * bidder row; returns the cents released (0 when nothing was held, so calling it twice is safe).
 */
export function releaseDeposit(tx: Tx, input: DepositMove): Promise<number> {
  return settleDeposit(tx, input, (held) =>
    release(tx, input.now, {
      userId: input.userId,
      amountCents: held,
      ref: depositRef(input.auctionId),
      idempotencyKey: depositReleaseKey(input.auctionId, input.userId, input.reason),
      memo: input.reason,
    }),
  );
}

/**
 * Forfeits the user's whole deposit for the lot to the platform's `forfeits` account (a buyer
 * violation) and records 0 on their bidder row; returns the cents forfeited.
 */
export function forfeitDeposit(tx: Tx, input: DepositMove): Promise<number> {
  return settleDeposit(tx, input, (held) =>
    capture(tx, input.now, {
      userId: input.userId,
      amountCents: held,
      ref: depositRef(input.auctionId),
      to: { platform: 'forfeits' },
      kind: 'deposit_forfeit',
      idempotencyKey: depositForfeitKey(input.auctionId, input.userId, input.reason),
      memo: input.reason,
    }),
  );
}

/**
 * Settles the whole deposit each (lot, bidder) holds — released (frozen → available) or, for a
 * violation, forfeited to the platform — with one ledger key per bidder, lot and reason (as
 * releaseDeposit / forfeitDeposit), and records 0 on their bidder rows, in a few statements for all
 * of them. Returns what each held, in order.
 */
export async function settleDepositsOf(
  tx: Tx,
  now: Date,
  bidders: { auctionId: bigint; userId: bigint }[],
  reason: (typeof DEPOSIT_REASONS)[keyof typeof DEPOSIT_REASONS],
): Promise<number[]> {
  const held = await heldForEach(
    tx,
    bidders.map((b) => ({ userId: b.userId, ref: depositRef(b.auctionId) })),
  );
  const moves = bidders.flatMap((b, i) => {
    const cents = held[i] ?? 0;
    return cents > 0 ? [{ userId: b.userId, auctionId: b.auctionId, amountCents: cents }] : [];
  });
  // What every deposit move tells the ledger, whichever way the money goes.
  const ledgerMove = (m: (typeof moves)[number]) => ({
    userId: m.userId,
    amountCents: m.amountCents,
    ref: depositRef(m.auctionId),
    memo: reason,
  });
  if (reason === DEPOSIT_REASONS.violation) {
    await captureMany(
      tx,
      now,
      moves.map((m) => ({
        ...ledgerMove(m),
        to: { platform: 'forfeits' } as const,
        kind: 'deposit_forfeit' as const,
        idempotencyKey: depositForfeitKey(m.auctionId, m.userId, reason),
      })),
    );
  } else {
    await releaseMany(
      tx,
      now,
      moves.map((m) => ({ ...ledgerMove(m), idempotencyKey: depositReleaseKey(m.auctionId, m.userId, reason) })),
    );
  }
  await clearDeposits(tx, bidders);
  return held;
}

// ---- The winner paid: release the winner's deposit ----

/** Releases a paid winner's deposit (claimed by the sweeper, or run right after order.paid). */
export async function releasePaidWinnerDeposit(tx: Tx, row: WinnerDepositRow, now: Date): Promise<number> {
  const bidder = await lockBidder(tx, row.auctionId, row.userId);
  const lot = await findLot(tx, row.auctionId);
  if (!bidder || !lot || lot.winnerId !== row.userId || bidder.depositCents <= 0) return 0;
  return releaseDeposit(tx, { auctionId: lot.id, userId: row.userId, now, reason: DEPOSIT_REASONS.paid });
}

/**
 * `releasePaidWinnerDeposit` for a whole sweep batch, set-based: the same check (the user won
 * the lot and still has a deposit on it, under the bidder row's lock), the same ledger key and
 * the deposit recorded as 0, in a few statements for the batch. The sweeper runs it in one
 * savepoint and falls back to one by one when it throws.
 */
export async function releasePaidWinnerDeposits(tx: Tx, rows: WinnerDepositRow[], now: Date): Promise<void> {
  const winners = await lockWinnerDeposits(tx, rows);
  await settleDepositsOf(tx, now, winners, DEPOSIT_REASONS.paid);
}

/** Claims winners whose order is paid and whose deposit is still held. */
export function claimPaidWinners(tx: Tx, now: Date, limit: number): Promise<WinnerDepositRow[]> {
  return claimPaidWinnerDeposits(tx, now, limit, (orderId) => orderStatusIn(orderId, PAID_ORDER_STATUSES));
}

/**
 * Releases the deposit of the winner who just paid, outside the periodic sweep (on `order.paid`,
 * which is best effort: the sweep is what makes it reliable). Only that order's lot is looked at,
 * so a burst of payments costs one small transaction each. Returns the cents released.
 */
export async function releasePaidWinnerNow(
  app: Pick<App, 'platform' | 'log'>,
  paid: { orderId: string; auctionId: bigint; userId: bigint },
): Promise<number> {
  const { db, clock } = app.platform;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await getOrderBySource(tx, 'auction', paid.auctionId.toString());
    if (order?.id !== paid.orderId || order.buyerId !== paid.userId) return 0;
    if (!PAID_ORDER_STATUSES.includes(order.status as OrderStatus)) return 0;
    return releasePaidWinnerDeposit(tx, { auctionId: paid.auctionId, userId: paid.userId, orderId: order.id }, now);
  });
}
