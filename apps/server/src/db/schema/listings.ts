import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { domains } from './domains.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The market's rows: on sale (or an approved listing whose edit is in review), not paused, fixed price or offers. */
export const MARKET_VISIBLE = sql.raw(
  `status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer')`,
);

/**
 * A listing: one domain offered for sale by a seller (spec §1, §3, §4; API.md Seller centre).
 * Statuses through LISTING_TRANSITIONS. The approved presentation lives on the row; an edit of an
 * approved listing waits in `pending_changes` (modification_review) while the approved one stays on
 * sale. `price_cents` is always the active price (the calendar sweeper applies due entries), so
 * the market searches one column.
 */
export const listings = pgTable(
  'listings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    domain: text('domain').notNull(),
    /** The name before the TLD, its TLD and length (market filters). */
    name: text('name').notNull(),
    tld: text('tld').notNull(),
    length: integer('length').notNull(),
    /** LISTING_SOURCES: held here (domain_id set) or external (an ownership proof). */
    source: text('source').notNull(),
    domainId: bigint('domain_id', { mode: 'bigint' }).references(() => domains.id, { onDelete: 'set null' }),
    /** LISTING_MODES. */
    mode: text('mode').notNull(),
    /** LISTING_STATUSES. */
    status: text('status').notNull(),
    /** Quick listing: paused (hidden from the market, no review), and why (PAUSE_REASONS). */
    paused: boolean('paused').notNull().default(false),
    pausedReason: text('paused_reason'),
    /** Active price: fixed price, or an offer listing's buy-now price (null: none). */
    priceCents: bigint('price_cents', { mode: 'number' }),
    /** Offer listings: minimum offer. */
    floorCents: bigint('floor_cents', { mode: 'number' }),
    /** Seller auctions. */
    startPriceCents: bigint('start_price_cents', { mode: 'number' }),
    reservePriceCents: bigint('reserve_price_cents', { mode: 'number' }),
    durationDays: integer('duration_days'),
    auctionId: bigint('auction_id', { mode: 'bigint' }),
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    logoId: bigint('logo_id', { mode: 'bigint' }),
    /** 'AI' logo generations spent (spec §9: one token per listing profile). */
    aiTokensUsed: integer('ai_tokens_used').notNull().default(0),
    /** LISTING_END_OPTIONS, and the time it gives (null: long-term). */
    endOption: text('end_option').notNull(),
    expiresAt: ts('expires_at'),
    expiringNotifiedAt: ts('expiring_notified_at'),
    /** A modification awaiting review: { industries?, keywords?, descriptionZh?, descriptionEn?, logoId? }. */
    pendingChanges: jsonb('pending_changes'),
    reviewReason: text('review_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    /** When it (or its last modification) was sent for review: the queue's order. */
    submittedAt: ts('submitted_at').notNull(),
    /** When it went on sale (the market's 'newest'). */
    listedAt: ts('listed_at'),
    soldAt: ts('sold_at'),
    orderId: text('order_id'),
    /** The fee lock (issue 17): the commission rate in force when it was created, until fee_locked_until. */
    commissionBps: integer('commission_bps').notNull().default(500),
    feeLockedUntil: ts('fee_locked_until').notNull().default(sql`now() + interval '12 months'`),
    /** Views of its public page (the seller's statistics). */
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    /** One open listing per domain (history rows aside). */
    uniqueIndex('listings_open_domain_uq')
      .on(t.domain)
      .where(
        sql`${t.status} in ('pending_review', 'review_failed', 'supplement_required', 'modification_review', 'on_sale', 'selling')`,
      ),
    index('listings_user_idx').on(t.userId, t.status, t.createdAt),
    index('listings_user_domain_idx').on(t.userId, t.domain),
    index('listings_review_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.status} in ('pending_review', 'modification_review', 'supplement_required')`),
    index('listings_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('on_sale', 'modification_review') and ${t.expiresAt} is not null`),
    index('listings_domain_id_idx').on(t.domainId),
    // The market (GET /market): listings buyers can see — on sale (or an edit in review), not paused,
    // fixed price or offers. One partial index per sort, the TLD filter, trigram keyword search and
    // the industry / keyword arrays.
    index('listings_market_newest_idx').on(t.listedAt, t.id).where(MARKET_VISIBLE),
    index('listings_market_price_idx').on(t.priceCents, t.id).where(MARKET_VISIBLE),
    index('listings_market_price_desc_idx').on(t.priceCents.desc().nullsLast(), t.id.desc()).where(MARKET_VISIBLE),
    index('listings_market_tld_idx').on(t.tld, t.priceCents, t.id).where(MARKET_VISIBLE),
    index('listings_market_length_idx').on(t.length, t.id).where(MARKET_VISIBLE),
    index('listings_market_name_idx').on(t.name.op('text_pattern_ops'), t.id).where(MARKET_VISIBLE),
    index('listings_market_trgm_idx').using('gin', t.domain.op('gin_trgm_ops')).where(MARKET_VISIBLE),
    index('listings_market_industries_idx').using('gin', t.industries).where(MARKET_VISIBLE),
    index('listings_market_keywords_idx').using('gin', t.keywords).where(MARKET_VISIBLE),
    check('listings_prices', sql`coalesce(${t.priceCents}, 300) >= 300 AND coalesce(${t.floorCents}, 300) >= 300`),
  ],
);

/** Price calendar (spec §3): from `effective_at` the listing's price is `price_cents`; the sweeper applies it. */
export const listingCalendar = pgTable(
  'listing_calendar',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'bigint' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The calendar date (YYYY-MM-DD, UTC+8) and the instant it starts. */
    date: text('date').notNull(),
    effectiveAt: ts('effective_at').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    appliedAt: ts('applied_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('listing_calendar_listing_date_uq').on(t.listingId, t.date),
    index('listing_calendar_due_idx').on(t.effectiveAt).where(sql`${t.appliedAt} is null`),
  ],
);

/** Logos: generated SVGs (style and options) and uploaded images (decoded dimensions). */
export const listingLogos = pgTable(
  'listing_logos',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'bigint' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** generated | upload */
    kind: text('kind').notNull(),
    /** LOGO_STYLES (generated). */
    style: text('style'),
    options: jsonb('options').notNull().default({}),
    svg: text('svg'),
    image: bytea('image'),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('listing_logos_listing_idx').on(t.listingId, t.createdAt)],
);

/** Ownership proofs of domains held elsewhere: a DNS TXT token, checked now and again (spec: issue 16). */
export const ownershipProofs = pgTable(
  'ownership_proofs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    /** OWNERSHIP_STATUSES. */
    status: text('status').notNull(),
    verifiedAt: ts('verified_at'),
    lastCheckedAt: ts('last_checked_at'),
    /** Verified proofs are checked again at this time (the sweeper). */
    nextCheckAt: ts('next_check_at'),
    /** Checks in a row that did not find the token (a verified proof pauses its listings after a few). */
    misses: integer('misses').notNull().default(0),
    reason: text('reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('ownership_proofs_user_domain_uq').on(t.userId, t.domain),
    index('ownership_proofs_due_idx').on(t.nextCheckAt).where(sql`${t.status} = 'verified'`),
  ],
);
