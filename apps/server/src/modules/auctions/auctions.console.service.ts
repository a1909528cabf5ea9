import type {
  MyAuction,
  MyAuctionsQuery,
  MyBidState,
  OrderStatus,
  Page,
  WonAuction,
  WonQuery,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { listOwnOrdersBySource } from '../orders/orders.service.ts';
import { findWonLots, listMyAuctionRows, type MyAuctionRow } from './auctions.closing.repository.ts';
import { lotIdOf } from './auctions.closing.ts';
import { presentSummary } from './auctions.presenter.ts';

/** The buyer consoles: my bidding (/console/auction/list) and the domains I won (/console/auction/win). */

/** Where I stand in a lot. */
export function myState(row: MyAuctionRow, userId: bigint): MyBidState {
  if (row.bidder.exitedAt !== null) return 'exited';
  if (row.lot.status === 'ended') return row.lot.winnerId === userId ? 'won' : 'lost';
  if (row.lot.status === 'cancelled') return 'lost';
  return row.lot.leaderId === userId ? 'leading' : 'outbid';
}

export function presentMyAuction(row: MyAuctionRow, userId: bigint): MyAuction {
  const state = myState(row, userId);
  return {
    ...presentSummary(row.lot, { isWatched: row.isWatched }),
    myMaxBidCents: row.bidder.maxBidCents,
    myDepositCents: row.bidder.depositCents,
    myLastBidAt: row.bidder.lastBidAt.toISOString(),
    state,
    canExit: row.lot.status === 'bidding' && state === 'outbid',
  };
}

/** GET /api/console/auctions: the lots I bid in, by tab, newest activity first. */
export async function listMyAuctions(
  app: Pick<App, 'platform'>,
  userId: bigint,
  query: MyAuctionsQuery,
): Promise<Page<MyAuction>> {
  return pageOf(query, await listMyAuctionRows(app.platform.db, userId, query.status, windowOf(query)), (row) =>
    presentMyAuction(row, userId),
  );
}

/** The order statuses behind each tab of /console/auction/win (no tab: every won lot). */
export const WON_TAB_STATUSES: Record<NonNullable<WonQuery['status']>, OrderStatus[]> = {
  awaiting_payment: ['awaiting_payment'],
  awaiting_delivery: ['paid_awaiting_delivery', 'transferring', 'delivery_failed'],
  delivered: ['completed'],
  refunded: ['refunded'],
  violation: ['buyer_violation', 'voided'],
};

/** GET /api/console/auctions/won: my auction orders by tab, newest first, each with its lot. */
export async function listWonAuctions(
  app: Pick<App, 'platform'>,
  userId: bigint,
  query: WonQuery,
): Promise<Page<WonAuction>> {
  const { items, total } = await listOwnOrdersBySource(app, userId, {
    source: 'auction',
    statuses: query.status ? WON_TAB_STATUSES[query.status] : [],
    page: query.page,
    pageSize: query.pageSize,
  });
  const lotIds = items.map(({ row }) => lotIdOf(row)).filter((id): id is bigint => id !== null);
  const lots = new Map(
    (await findWonLots(app.platform.db, userId, lotIds)).map((l) => [l.lot.id.toString(), l] as const),
  );
  return pageOf(query, { items, total }, ({ row, order }) => {
    const won = lots.get(row.sourceRef ?? '');
    return {
      auctionId: won ? won.lot.id.toString() : (row.sourceRef ?? ''),
      domain: row.domain,
      type: won?.lot.type ?? 'expired',
      winningPriceCents: won?.lot.winningPriceCents ?? row.amountExTaxCents,
      endedAt: (won?.lot.closedAt ?? row.createdAt).toISOString(),
      depositCents: won?.depositCents ?? 0,
      order,
    };
  });
}
