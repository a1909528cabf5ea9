import type { OfferStatus } from '@namebourse/contract';
import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { listings, offerEvents, offers, orders, users } from '../../db/schema/index.ts';
import type { PageWindow, Slice } from '../../platform/paging.ts';

/**
 * The only file with SQL for offers and offer_events (issue 17). It reads, never writes, the
 * listing an offer is on, both parties' account numbers and the status of the order an accepted
 * offer became (what an offer shows).
 */

export type OfferRow = typeof offers.$inferSelect;
export type NewOfferRow = typeof offers.$inferInsert;
export type OfferEventRow = typeof offerEvents.$inferSelect;

const OPEN_STATUSES = ['open', 'countered'];
const isOpen = sql`${offers.status} in ('open', 'countered')`;

/** An offer with what its presentation needs besides its history. */
export interface OfferViewRow {
  offer: OfferRow;
  listing: {
    status: string;
    paused: boolean;
    mode: string;
    priceCents: number | null;
    floorCents: number | null;
    commissionBps: number;
    feeLockedUntil: Date;
  };
  buyerAccountNo: string;
  sellerAccountNo: string;
  orderStatus: string | null;
}

const buyer = alias(users, 'offer_buyer');
const seller = alias(users, 'offer_seller');

function viewQuery(db: DbOrTx) {
  return db
    .select({
      offer: offers,
      listing: {
        status: listings.status,
        paused: listings.paused,
        mode: listings.mode,
        priceCents: listings.priceCents,
        floorCents: listings.floorCents,
        commissionBps: listings.commissionBps,
        feeLockedUntil: listings.feeLockedUntil,
      },
      buyerAccountNo: buyer.accountNo,
      sellerAccountNo: seller.accountNo,
      orderStatus: orders.status,
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(buyer, eq(buyer.id, offers.buyerId))
    .innerJoin(seller, eq(seller.id, offers.sellerId))
    .leftJoin(orders, eq(orders.id, offers.orderId));
}

/** Offers by id, presented-ready, in no particular order. */
export async function findOfferViews(db: DbOrTx, ids: readonly bigint[]): Promise<OfferViewRow[]> {
  if (ids.length === 0) return [];
  return viewQuery(db).where(inArray(offers.id, [...ids]));
}

export interface OfferFilter {
  userId: bigint;
  role: 'buyer' | 'seller';
  status?: OfferStatus | undefined;
  listingId?: bigint | undefined;
}

function partyOf(filter: Omit<OfferFilter, 'status'>): SQL {
  const parts = [eq(filter.role === 'buyer' ? offers.buyerId : offers.sellerId, filter.userId)];
  if (filter.listingId !== undefined) parts.push(eq(offers.listingId, filter.listingId));
  return and(...parts) as SQL;
}

/** A page of the user's offers on one side, the last changed first. */
export async function listOfferViews(
  db: DbOrTx,
  filter: OfferFilter,
  window: PageWindow,
): Promise<Slice<OfferViewRow>> {
  const where = filter.status ? and(partyOf(filter), eq(offers.status, filter.status)) : partyOf(filter);
  const items = await viewQuery(db)
    .where(where)
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(offers).where(where);
  return { items, total: Number(total?.n ?? 0) };
}

/** How many of the user's offers on one side are in each status (the listing filter applies, the status one not). */
export async function countOffersByStatus(
  db: DbOrTx,
  filter: Omit<OfferFilter, 'status'>,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: offers.status, n: count() })
    .from(offers)
    .where(partyOf(filter))
    .groupBy(offers.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The offer, FOR UPDATE when asked. */
export async function findOffer(
  db: DbOrTx,
  id: bigint,
  options: { lock?: boolean } = {},
): Promise<OfferRow | undefined> {
  const query = db.select().from(offers).where(eq(offers.id, id)).limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** The buyer's open or countered offer on the listing (at most one: a unique index), FOR UPDATE when asked. */
export async function findOpenOffer(
  db: DbOrTx,
  buyerId: bigint,
  listingId: bigint,
  options: { lock?: boolean } = {},
): Promise<OfferRow | undefined> {
  const query = db
    .select()
    .from(offers)
    .where(and(eq(offers.buyerId, buyerId), eq(offers.listingId, listingId), isOpen))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** A new offer, or undefined when the buyer already has an open one on the listing (the unique index). */
export async function insertOffer(tx: Tx, row: NewOfferRow): Promise<OfferRow | undefined> {
  const [inserted] = await tx.insert(offers).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Updates the offer only while it is still in `from` (a concurrent answer cannot also win); undefined otherwise. */
export async function updateOfferIf(
  tx: Tx,
  id: bigint,
  from: OfferStatus,
  set: Partial<Pick<NewOfferRow, 'status' | 'amountCents' | 'lastBy' | 'expiresAt' | 'orderId' | 'updatedAt'>>,
): Promise<OfferRow | undefined> {
  const [row] = await tx
    .update(offers)
    .set(set)
    .where(and(eq(offers.id, id), eq(offers.status, from)))
    .returning();
  return row;
}

export async function insertOfferEvent(
  tx: Tx,
  event: { offerId: bigint; action: string; by: string; amountCents: number | null; createdAt: Date },
): Promise<bigint> {
  const [row] = await tx.insert(offerEvents).values(event).returning({ id: offerEvents.id });
  if (!row) throw new Error('offer event not inserted');
  return row.id;
}

/** The histories of the offers, oldest step first. */
export async function findOfferEvents(db: DbOrTx, offerIds: readonly bigint[]): Promise<OfferEventRow[]> {
  if (offerIds.length === 0) return [];
  return db
    .select()
    .from(offerEvents)
    .where(inArray(offerEvents.offerId, [...offerIds]))
    .orderBy(asc(offerEvents.offerId), asc(offerEvents.id));
}

/** The listing's open and countered offers, locked (id order). */
export async function lockOpenOffersOfListing(tx: Tx, listingId: bigint): Promise<OfferRow[]> {
  return tx
    .select()
    .from(offers)
    .where(and(eq(offers.listingId, listingId), inArray(offers.status, OPEN_STATUSES)))
    .orderBy(asc(offers.id))
    .for('update');
}

/** Sweeper claim: open and countered offers past their expiry, FOR UPDATE SKIP LOCKED. */
export function claimExpiredOffers(tx: Tx, now: Date, limit: number): Promise<OfferRow[]> {
  return tx
    .select()
    .from(offers)
    .where(and(lte(offers.expiresAt, now), isOpen))
    .orderBy(asc(offers.expiresAt), asc(offers.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
