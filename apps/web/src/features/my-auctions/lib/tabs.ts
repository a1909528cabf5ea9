import type { MY_AUCTION_TABS, MyAuction, MyAuctionsQuery, MyBidState, WON_TABS, WonQuery } from '@namebourse/contract';

export type MyAuctionTab = (typeof MY_AUCTION_TABS)[number];
export type WonTab = (typeof WON_TABS)[number];

/** Rows per page of both consoles. */
export const MY_AUCTIONS_PAGE_SIZE = 20;

/** A `tab` search parameter as one of `tabs`, else the first (the default tab). */
export function parseTab<T extends string>(value: string | null | undefined, tabs: readonly T[]): T {
  const found = tabs.find((tab) => tab === value);
  return found ?? (tabs[0] as T);
}

/** A `page` search parameter as a page number ≥ 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** GET /api/console/auctions query of a tab and page. */
export function myAuctionsQuery(tab: MyAuctionTab, page: number): MyAuctionsQuery {
  return { status: tab, page, pageSize: MY_AUCTIONS_PAGE_SIZE };
}

/** GET /api/console/auctions/won query of a tab and page. */
export function wonQuery(tab: WonTab, page: number): WonQuery {
  return { status: tab, page, pageSize: MY_AUCTIONS_PAGE_SIZE };
}

export type ChipColor = 'success' | 'warning' | 'info' | 'error' | 'default';

/** Leading green, outbid orange, won blue, lost and exited grey. */
export const STATE_COLOR: Record<MyBidState, ChipColor> = {
  leading: 'success',
  outbid: 'warning',
  won: 'info',
  lost: 'default',
  exited: 'default',
};

/** Whether the lot is still open, so the row shows time left and may be raised. */
export function isOpen(auction: Pick<MyAuction, 'status'>): boolean {
  return auction.status === 'bidding' || auction.status === 'scheduled';
}

/** Raise bid is offered while the lot is open and I have not exited. */
export function canRaise(auction: Pick<MyAuction, 'status' | 'state'>): boolean {
  return isOpen(auction) && (auction.state === 'leading' || auction.state === 'outbid');
}
