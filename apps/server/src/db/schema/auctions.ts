import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A lot: one domain auctioned once (spec §3 Domain and Auction). The domain's data and the bidding
 * state live on one row so that /sale searches one table; statuses through AUCTION_TRANSITIONS.
 * The leader's maximum is kept here (hidden from everyone but the leader).
 */
export const auctions = pgTable(
  'auctions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    domain: text('domain').notNull(),
    /** The name before the TLD ('example' of example.com), for starts-with and hyphen filters. */
    name: text('name').notNull(),
    tld: text('tld').notNull(),
    length: integer('length').notNull(),
    hasHyphen: boolean('has_hyphen').notNull(),
    isPremium: boolean('is_premium').notNull().default(false),
    type: text('type', { enum: ['pre-release', 'expired', 'seller'] }).notNull(),
    status: text('status').notNull(),
    partner: text('partner').notNull(),
    registrar: text('registrar').notNull(),
    registeredAt: ts('registered_at'),
    expiresAt: ts('expires_at'),
    redeemableUntil: ts('redeemable_until'),
    traffic: integer('traffic').notNull().default(0),
    backlinks: integer('backlinks').notNull().default(0),
    referringDomains: integer('referring_domains').notNull().default(0),
    citationFlow: integer('citation_flow').notNull().default(0),
    trustFlow: integer('trust_flow').notNull().default(0),
    baiduIndex: integer('baidu_index').notNull().default(0),
    sogouIndex: integer('sogou_index').notNull().default(0),
    googleIndex: integer('google_index').notNull().default(0),
    baiduWeight: integer('baidu_weight').notNull().default(0),
    pageAuthority: integer('page_authority').notNull().default(0),
    startPriceCents: bigint('start_price_cents', { mode: 'number' }).notNull(),
    currentPriceCents: bigint('current_price_cents', { mode: 'number' }).notNull(),
    bidCount: integer('bid_count').notNull().default(0),
    bidderCount: integer('bidder_count').notNull().default(0),
    leaderId: bigint('leader_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'restrict' }),
    leaderMaxCents: bigint('leader_max_cents', { mode: 'number' }),
    startsAt: ts('starts_at').notNull(),
    scheduledEndsAt: ts('scheduled_ends_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    latestEndsAt: ts('latest_ends_at').notNull(),
    winnerId: bigint('winner_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'restrict' }),
    winningPriceCents: bigint('winning_price_cents', { mode: 'number' }),
    orderId: text('order_id'),
    closedAt: ts('closed_at'),
    /** Hash of the last bid record (the head of the chain). */
    chainHead: text('chain_head'),
    /** A seller auction (listings area): the seller, their listing and the reserve (no sale below it). */
    sellerId: bigint('seller_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'restrict' }),
    listingId: bigint('listing_id', { mode: 'bigint' }),
    reservePriceCents: bigint('reserve_price_cents', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    /** One open lot per domain. */
    uniqueIndex('auctions_open_domain_uq').on(t.domain).where(sql`${t.status} in ('scheduled', 'bidding')`),
    index('auctions_starts_idx').on(t.startsAt).where(sql`${t.status} = 'scheduled'`),
    index('auctions_closed_idx').on(t.closedAt).where(sql`${t.status} = 'ended'`),
    // /sale: every sort over the lots open for bidding, the suffix filter, starts-with; keyword by trigram.
    // Each sort index ends in the name, so that a starts-with filter is checked in the index rather
    // than on every row the scan reads (0009). The ends index also serves the sweeper's due lots and
    // the sitemap; it replaced (status, ends_at), whose constant first column made the planner take
    // it for a cheap sequential read and prefer it to the partial indexes.
    index('auctions_open_ends_idx')
      .on(t.endsAt, t.id, t.name.op('text_pattern_ops'))
      .where(sql`${t.status} = 'bidding'`),
    index('auctions_open_price_idx')
      .on(t.currentPriceCents, t.id, t.name.op('text_pattern_ops'))
      .where(sql`${t.status} = 'bidding'`),
    index('auctions_open_bids_idx')
      .on(t.bidCount, t.id, t.name.op('text_pattern_ops'))
      .where(sql`${t.status} = 'bidding'`),
    index('auctions_open_created_idx')
      .on(t.createdAt, t.id, t.name.op('text_pattern_ops'))
      .where(sql`${t.status} = 'bidding'`),
    index('auctions_open_bidders_idx').on(t.bidderCount, t.id).where(sql`${t.status} = 'bidding'`),
    index('auctions_open_tld_idx').on(t.tld, t.endsAt).where(sql`${t.status} = 'bidding'`),
    index('auctions_open_name_prefix_idx').on(t.name.op('text_pattern_ops')).where(sql`${t.status} = 'bidding'`),
    index('auctions_created_idx').on(t.createdAt, t.id),
    index('auctions_domain_trgm_idx').using('gin', t.domain.op('gin_trgm_ops')),
    check('auctions_prices', sql`${t.startPriceCents} > 0 AND ${t.currentPriceCents} >= ${t.startPriceCents}`),
    check('auctions_window', sql`${t.endsAt} <= ${t.latestEndsAt} AND ${t.startsAt} < ${t.endsAt}`),
  ],
);

/** A user in a lot: their masked number, hidden maximum, held deposit, and whether they exited. */
export const auctionBidders = pgTable(
  'auction_bidders',
  {
    auctionId: bigint('auction_id', { mode: 'bigint' })
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'Bidder 1', 'Bidder 2' … in order of first bid. */
    bidderNo: integer('bidder_no').notNull(),
    maxBidCents: bigint('max_bid_cents', { mode: 'number' }).notNull(),
    /** When the current maximum was set (on equal maximums the earlier one leads). */
    maxSetAt: ts('max_set_at').notNull(),
    depositCents: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    firstBidAt: ts('first_bid_at').notNull(),
    lastBidAt: ts('last_bid_at').notNull(),
    exitedAt: ts('exited_at'),
  },
  (t) => [
    primaryKey({ columns: [t.auctionId, t.userId] }),
    uniqueIndex('auction_bidders_no_uq').on(t.auctionId, t.bidderNo),
    index('auction_bidders_user_idx').on(t.userId, t.lastBidAt),
  ],
);

/** Bid records: every price change, manual or proxy; a hash chain per lot. Append-only. */
export const bids = pgTable(
  'bids',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    auctionId: bigint('auction_id', { mode: 'bigint' })
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bidderNo: integer('bidder_no').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['manual', 'proxy'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('bids_auction_seq_uq').on(t.auctionId, t.seq)],
);

export const watchlist = pgTable(
  'watchlist',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    auctionId: bigint('auction_id', { mode: 'bigint' })
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.auctionId] }),
    index('watchlist_auction_idx').on(t.auctionId),
    index('watchlist_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const savedFilters = pgTable(
  'saved_filters',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('saved_filters_user_idx').on(t.userId, t.createdAt)],
);
