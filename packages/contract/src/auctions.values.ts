import type { BidRecord } from './auctions.ts';
/** auctions: the constants and rules that need no schema (pages import them without zod; see auctions.ts). */

/** The rules of spec §1/§9 and the issue, as numbers both sides show. Amounts in US cents. */
export const AUCTION_RULES = {
  /** A lot is scheduled for at least 3 calendar days … */
  minDurationDays: 3,
  /** … and soft close never moves its end past 6 days after the start. */
  maxDurationDays: 6,
  /** A bid in the last 5 minutes moves the end to 5 minutes after that bid. */
  softCloseSeconds: 300,
  /** Deposit on a user's first bid in a lot: max($10, 10% of their maximum); raising the maximum tops it up. */
  depositMinCents: 1_000,
  depositRateBps: 1_000,
  /** The /sale end-date selector: a 6-day list from today. */
  endDateSelectorDays: 6,
  /** Lowest start price an operator may give a lot. */
  minStartPriceCents: 100,
  /** Highest bid or maximum accepted (a sanity bound, $10,000,000). */
  maxBidCents: 1_000_000_000,
  /** Saved filters: tag at most 20 characters, at most this many per account. */
  savedFilterNameMax: 20,
  savedFiltersMax: 50,
  /** Watchlist entries per account. */
  watchlistMax: 1_000,
  /** Lots per POST /api/admin/auctions call (and per CSV upload). */
  adminLotsMax: 1_000,
  /** Delivery retries after a registrar failure: wait this long before the next try. */
  deliveryRetrySeconds: 3_600,
} as const;

/**
 * Increments by current price (exact, from the issue): under $100 → $1; $100–499.99 → $5;
 * $500–999.99 → $10; $1,000–4,999.99 → $25; $5,000–9,999.99 → $50; $10,000–49,999.99 → $100;
 * $50,000 and up → $500. Ordered by `fromCents`.
 */
export const INCREMENT_TIERS: readonly { fromCents: number; incrementCents: number }[] = [
  { fromCents: 0, incrementCents: 100 },
  { fromCents: 10_000, incrementCents: 500 },
  { fromCents: 50_000, incrementCents: 1_000 },
  { fromCents: 100_000, incrementCents: 2_500 },
  { fromCents: 500_000, incrementCents: 5_000 },
  { fromCents: 1_000_000, incrementCents: 10_000 },
  { fromCents: 5_000_000, incrementCents: 50_000 },
];

/** The bid increment at a price. */
export function incrementFor(priceCents: number): number {
  let increment = INCREMENT_TIERS[0]?.incrementCents ?? 100;
  for (const tier of INCREMENT_TIERS) if (priceCents >= tier.fromCents) increment = tier.incrementCents;
  return increment;
}

/** Minimum next bid: the start price when there are no bids, otherwise current price + increment(current price). */
export function minNextBidCents(lot: { startPriceCents: number; currentPriceCents: number; bidCount: number }): number {
  return lot.bidCount === 0 ? lot.startPriceCents : lot.currentPriceCents + incrementFor(lot.currentPriceCents);
}

/** The deposit rule: the larger of a minimum and a rate of the maximum (both parameters, issue 18). */
export interface DepositRule {
  depositMinCents: number;
  depositRateBps: number;
}

/**
 * The deposit a maximum needs in total: max(minimum, rate × the maximum), rounded up to the cent. The
 * server passes the rule in force (the parameters store); the default is the parameters' defaults
 * (max($10, 10%)).
 */
export function depositFor(maxBidCents: number, rule: DepositRule = AUCTION_RULES): number {
  return Math.max(rule.depositMinCents, Math.ceil((maxBidCents * rule.depositRateBps) / 10_000));
}

/**
 * Lot types (spec: pre-release domains and expired domains from partners; `seller`: a seller's own
 * domain auctioned from the seller centre, issue 16).
 */
export const LOT_TYPES = ['pre-release', 'expired', 'seller'] as const;

export type LotType = (typeof LOT_TYPES)[number];

/** The types operators add lots of (a seller auction comes from an approved listing). */
export const ADMIN_LOT_TYPES = ['pre-release', 'expired'] as const;

/**
 * Auction statuses: scheduled (starts later) → bidding → ended (closed; `winnerId` says whether it
 * sold). Cancelled by an operator before or during bidding releases every deposit.
 */
export const AUCTION_STATUSES = ['scheduled', 'bidding', 'ended', 'cancelled'] as const;

export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

export const AUCTION_TRANSITIONS: Record<AuctionStatus, readonly AuctionStatus[]> = {
  scheduled: ['bidding', 'cancelled'],
  bidding: ['ended', 'cancelled'],
  ended: [],
  cancelled: [],
};

/** How a bid record came about: typed by the bidder, or placed by the proxy on their maximum. */
export const BID_KINDS = ['manual', 'proxy'] as const;

export type BidKind = (typeof BID_KINDS)[number];

/** Sort orders of /sale. */
export const AUCTION_SORTS = ['ending', 'price_asc', 'price_desc', 'bids', 'newest'] as const;

export type AuctionSort = (typeof AUCTION_SORTS)[number];

export const GENESIS_HASH = '0'.repeat(64);

/** The exact text hashed for a bid record (server and the page's verifier hash the same bytes, UTF-8). */
export function bidHashInput(
  auctionId: string,
  r: Pick<BidRecord, 'seq' | 'bidderNo' | 'amountCents' | 'kind' | 'createdAt' | 'prevHash'>,
): string {
  return [auctionId, r.seq, r.bidderNo, r.amountCents, r.kind, r.createdAt, r.prevHash].join('|');
}

/** SSE event names. */
export const AUCTION_LIVE_EVENTS = ['price', 'closed'] as const;

/** Where I stand in a lot. */
export const MY_BID_STATES = ['leading', 'outbid', 'won', 'lost', 'exited'] as const;

export type MyBidState = (typeof MY_BID_STATES)[number];

/** GET /api/console/auctions (my bidding): tabs by status. */
export const MY_AUCTION_TABS = ['bidding', 'leading', 'outbid', 'ended', 'exited'] as const;

/** GET /api/console/auctions/won: domains I obtained, each with its order. */
export const WON_TABS = ['awaiting_payment', 'awaiting_delivery', 'delivered', 'refunded', 'violation'] as const;

/** Domain names as lots take them: lower-case labels separated by dots, no www, a TLD of letters. */
export const DOMAIN_NAME_RE = /^(?!www\.)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,24}$/;
