import { AUCTION_RULES, splitDomain } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import type { ClosingAuctionRow } from './auctions.closing.repository.ts';
import { insertLots } from './auctions.lots.repository.ts';

/**
 * Seller auctions (issue 16): a seller's own domain, listed in the seller centre in auction mode,
 * runs on the same engine as the partners' lots — increments, proxy bidding, deposits, soft close —
 * with the seller on the lot and an optional reserve. The listings area opens the lot when the
 * listing is approved and follows it through hooks called inside the transactions that close the
 * lot and settle its order (modules depend downward: auctions never imports listings).
 */

const DAY_MS = 86_400_000;

/** The partner name a seller lot shows (the seller's identity stays private). */
export const SELLER_LOT_PARTNER = 'NameBourse seller';

export interface SellerLotInput {
  sellerId: bigint;
  listingId: bigint;
  domain: string;
  registrar: string;
  registeredAt: Date | null;
  expiresAt: Date | null;
  startPriceCents: number;
  reservePriceCents: number | null;
  /** 3–6 days (LISTING_RULES); soft close may extend it up to AUCTION_RULES.maxDurationDays from the start. */
  durationDays: number;
  now: Date;
}

/** Opens a seller's lot now, bidding at once; returns its id. A domain with an open lot already → unique violation. */
export async function createSellerLot(tx: Tx, input: SellerLotInput): Promise<bigint> {
  const startsAt = input.now;
  const endsAt = new Date(startsAt.getTime() + input.durationDays * DAY_MS);
  const latestEndsAt = new Date(
    startsAt.getTime() + Math.max(input.durationDays, AUCTION_RULES.maxDurationDays) * DAY_MS,
  );
  const [row] = await insertLots(tx, [
    {
      domain: input.domain,
      ...splitDomain(input.domain),
      type: 'seller',
      status: 'bidding',
      partner: SELLER_LOT_PARTNER,
      registrar: input.registrar,
      registeredAt: input.registeredAt,
      expiresAt: input.expiresAt,
      startPriceCents: input.startPriceCents,
      currentPriceCents: input.startPriceCents,
      startsAt,
      scheduledEndsAt: endsAt,
      endsAt,
      latestEndsAt,
      sellerId: input.sellerId,
      listingId: input.listingId,
      reservePriceCents: input.reservePriceCents,
      createdBy: input.sellerId,
      createdAt: input.now,
      updatedAt: input.now,
    },
  ]);
  if (!row) throw new Error(`seller lot for ${input.domain} was not created`);
  return row.id;
}

/** How a seller lot ended: sold (an order awaiting the winner's payment) or not (no bids, reserve not met). */
export type SellerLotOutcome =
  | { sold: true; orderId: string; priceCents: number; buyerId: bigint }
  | { sold: false; reason: 'no_bids' | 'reserve_not_met' };

/** How a seller lot's order ended: delivered and paid out, or not (unpaid, refunded). */
export type SellerOrderOutcome = { completed: true } | { completed: false; reason: string };

export interface SellerLotHooks {
  /** The lot closed (inside the closing transaction). */
  closed(tx: Tx, lot: ClosingAuctionRow, outcome: SellerLotOutcome, now: Date): Promise<void>;
  /** The lot's order ended (inside the transaction that completed, voided or refunded it). */
  settled(tx: Tx, lot: ClosingAuctionRow, order: OrderRow, outcome: SellerOrderOutcome, now: Date): Promise<void>;
}

const hooks: SellerLotHooks[] = [];

/** The listings area registers how a seller lot's end moves its listing. Returns the unregister function. */
export function onSellerLot(hook: SellerLotHooks): () => void {
  hooks.push(hook);
  return () => {
    const at = hooks.indexOf(hook);
    if (at >= 0) hooks.splice(at, 1);
  };
}

export async function sellerLotClosed(tx: Tx, lot: ClosingAuctionRow, outcome: SellerLotOutcome, now: Date) {
  if (lot.sellerId === null) return;
  for (const hook of hooks) await hook.closed(tx, lot, outcome, now);
}

export async function sellerLotSettled(
  tx: Tx,
  lot: ClosingAuctionRow,
  order: OrderRow,
  outcome: SellerOrderOutcome,
  now: Date,
) {
  if (lot.sellerId === null) return;
  for (const hook of hooks) await hook.settled(tx, lot, order, outcome, now);
}

/**
 * The commission rate each seller lot's sale pays (its listing's fee lock at `now`, else `currentBps`:
 * today's rate, the commissionBps parameter), by lot id; a lot missing from the answer pays today's
 * rate. The buying area answers it from the lots' listings (auctions never reads listings).
 */
export type SellerLotCommissions = (
  tx: Tx,
  lots: readonly ClosingAuctionRow[],
  now: Date,
  currentBps: number,
) => Promise<Map<bigint, number>>;

let commissions: SellerLotCommissions | null = null;

/** Registers how a seller lot's commission rate is read (one per process; the last one wins). */
export function onSellerLotCommissions(read: SellerLotCommissions): void {
  commissions = read;
}

/** The commission rates of the seller lots among `lots` that have a listing, by lot id. */
export async function sellerLotCommissions(
  tx: Tx,
  lots: readonly ClosingAuctionRow[],
  now: Date,
  currentBps: number,
): Promise<Map<bigint, number>> {
  const listed = lots.filter((lot) => lot.sellerId !== null && lot.listingId !== null);
  if (listed.length === 0 || !commissions) return new Map();
  return commissions(tx, listed, now, currentBps);
}
