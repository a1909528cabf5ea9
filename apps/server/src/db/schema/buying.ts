import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { listings } from './listings.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A buyer's cart (issue 17): one line per listing, with the price the buyer added or last confirmed it at. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'bigint' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('cart_items_listing_idx').on(t.listingId)],
);

/**
 * Offers on offer-mode listings (issue 17): statuses through OFFER_TRANSITIONS. `amount_cents` is
 * the amount on the table (the buyer's offer or the seller's counter, `last_by`); every step is a
 * row of offer_events. One open or countered offer per buyer and listing.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'bigint' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: bigint('seller_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    domain: text('domain').notNull(),
    /** OFFER_STATUSES. */
    status: text('status').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** 'buyer' | 'seller': who put the amount on the table. */
    lastBy: text('last_by').notNull(),
    expiresAt: ts('expires_at').notNull(),
    orderId: text('order_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('offers_open_buyer_uq').on(t.listingId, t.buyerId).where(sql`${t.status} in ('open', 'countered')`),
    index('offers_buyer_idx').on(t.buyerId, t.updatedAt),
    index('offers_seller_idx').on(t.sellerId, t.updatedAt),
    index('offers_listing_idx').on(t.listingId, t.status),
    index('offers_expires_idx').on(t.expiresAt).where(sql`${t.status} in ('open', 'countered')`),
  ],
);

/** An offer's history: every offer, counter, answer and expiry, oldest first. */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    offerId: bigint('offer_id', { mode: 'bigint' })
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** OFFER_ACTIONS. */
    action: text('action').notNull(),
    /** 'buyer' | 'seller' | 'system'. */
    by: text('by').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('offer_events_offer_idx').on(t.offerId, t.id)],
);

/** Watched listings (the watchlist page lists them with the watched lots). */
export const listingWatches = pgTable(
  'listing_watches',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'bigint' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('listing_watches_user_created_idx').on(t.userId, t.createdAt),
  ],
);
