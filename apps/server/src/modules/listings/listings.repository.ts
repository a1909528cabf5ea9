import { LISTING_OPEN_STATUSES, type ListingMode, type ListingStatus } from '@namebourse/contract';
import { and, asc, desc, eq, gt, inArray, isNull, like, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';
import { listingCalendar, listingLogos, listings, ownershipProofs, users } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for the listings and listing_calendar tables (logos: read only, for the presenter). */
export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
export type CalendarRow = typeof listingCalendar.$inferSelect;
export interface LogoRef {
  id: bigint;
  kind: string;
  style: string | null;
}

const OPEN = sql.raw(`('${LISTING_OPEN_STATUSES.join("', '")}')`);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---- Creation ----

/** One row of a creation batch as the insert takes it. */
export interface ListingInsert {
  userId: bigint;
  domain: string;
  name: string;
  tld: string;
  length: number;
  source: string;
  domainId: bigint | null;
  mode: string;
  status: ListingStatus;
  priceCents: number | null;
  floorCents: number | null;
  startPriceCents: number | null;
  reservePriceCents: number | null;
  durationDays: number | null;
  industries: string[];
  keywords: string[];
  descriptionZh: string;
  descriptionEn: string;
  endOption: string;
  expiresAt: Date | null;
  listedAt: Date | null;
  /** The fee lock (issue 17): today's commission rate, locked until `feeLockedUntil`. */
  commissionBps: number;
  feeLockedUntil: Date;
  now: Date;
}

/**
 * Inserts a batch of listings in one statement (column arrays through `unnest`). A domain that
 * already has an open listing (listings_open_domain_uq — also one inserted concurrently) is
 * skipped: only the inserted rows come back.
 */
export async function insertListings(db: DbOrTx, rows: readonly ListingInsert[]): Promise<ListingRow[]> {
  if (rows.length === 0) return [];
  const col = <T>(pick: (r: ListingInsert) => T) => sql.param(rows.map(pick));
  const big = (v: bigint | null) => (v === null ? null : v.toString());
  const time = (v: Date | null) => (v ? v.toISOString() : null);
  const inserted = await db.execute(sql`
    insert into ${listings} (user_id, domain, name, tld, length, source, domain_id, mode, status, price_cents,
      floor_cents, start_price_cents, reserve_price_cents, duration_days, industries, keywords, description_zh,
      description_en, end_option, expires_at, listed_at, commission_bps, fee_locked_until, submitted_at, created_at,
      updated_at)
    select user_id, domain, name, tld, length, source, domain_id, mode, status, price_cents,
      floor_cents, start_price_cents, reserve_price_cents, duration_days,
      coalesce(array(select jsonb_array_elements_text(industries::jsonb)), '{}'::text[]),
      coalesce(array(select jsonb_array_elements_text(keywords::jsonb)), '{}'::text[]),
      description_zh, description_en, end_option, expires_at, listed_at, commission_bps, fee_locked_until, now_at, now_at,
      now_at
    from unnest(
      ${col((r) => r.userId.toString())}::bigint[], ${col((r) => r.domain)}::text[], ${col((r) => r.name)}::text[],
      ${col((r) => r.tld)}::text[], ${col((r) => r.length)}::int[], ${col((r) => r.source)}::text[],
      ${col((r) => big(r.domainId))}::bigint[], ${col((r) => r.mode)}::text[], ${col((r) => r.status)}::text[],
      ${col((r) => r.priceCents)}::bigint[], ${col((r) => r.floorCents)}::bigint[],
      ${col((r) => r.startPriceCents)}::bigint[], ${col((r) => r.reservePriceCents)}::bigint[],
      ${col((r) => r.durationDays)}::int[], ${col((r) => JSON.stringify(r.industries))}::text[],
      ${col((r) => JSON.stringify(r.keywords))}::text[], ${col((r) => r.descriptionZh)}::text[],
      ${col((r) => r.descriptionEn)}::text[], ${col((r) => r.endOption)}::text[],
      ${col((r) => time(r.expiresAt))}::timestamptz[], ${col((r) => time(r.listedAt))}::timestamptz[],
      ${col((r) => r.commissionBps)}::int[], ${col((r) => r.feeLockedUntil.toISOString())}::timestamptz[],
      ${col((r) => r.now.toISOString())}::timestamptz[]
    ) with ordinality as v(user_id, domain, name, tld, length, source, domain_id, mode, status, price_cents,
      floor_cents, start_price_cents, reserve_price_cents, duration_days, industries, keywords, description_zh,
      description_en, end_option, expires_at, listed_at, commission_bps, fee_locked_until, now_at, n)
    order by n
    on conflict do nothing
    returning id`);
  const ids = rowsOf<{ id: string }>(inserted).map((r) => BigInt(r.id));
  if (ids.length === 0) return [];
  return db.select().from(listings).where(inArray(listings.id, ids));
}

/** Domains among `domains` that have an open listing now (anyone's). */
export async function openListingDomains(db: DbOrTx, domains: readonly string[]): Promise<Set<string>> {
  if (domains.length === 0) return new Set();
  const rows = await db
    .select({ domain: listings.domain })
    .from(listings)
    .where(sql`${listings.domain} = any(${sql.param([...domains])}::text[]) and ${listings.status} in ${OPEN}`);
  return new Set(rows.map((r) => r.domain));
}

// ---- One listing ----

/** One listing (only the user's when `userId`), locked FOR UPDATE inside a transaction when `forUpdate`. */
export async function findListing(
  db: DbOrTx,
  id: bigint,
  options: { userId?: bigint; forUpdate?: boolean } = {},
): Promise<ListingRow | undefined> {
  const query = db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), options.userId === undefined ? undefined : eq(listings.userId, options.userId)))
    .limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/**
 * Updates a listing only if its status is still one of `from`: a concurrent change makes it
 * return undefined instead of writing over it.
 */
export async function updateListingIf(
  db: DbOrTx,
  id: bigint,
  from: ListingStatus | readonly ListingStatus[],
  set: Partial<NewListingRow>,
): Promise<ListingRow | undefined> {
  const statuses = typeof from === 'string' ? [from] : [...from];
  const rows = await db
    .update(listings)
    .set(set)
    .where(and(eq(listings.id, id), inArray(listings.status, statuses)))
    .returning();
  return rows[0];
}

/** Open listings of a user, a domain name or a domain row (any of them given), locked FOR UPDATE, oldest first. */
export async function findOpenListingsOf(
  tx: Tx,
  where: { userId?: bigint; domain?: string; domainId?: bigint },
): Promise<ListingRow[]> {
  const parts: SQL[] = [sql`${listings.status} in ${OPEN}`];
  if (where.userId !== undefined) parts.push(eq(listings.userId, where.userId));
  if (where.domain !== undefined) parts.push(eq(listings.domain, where.domain));
  if (where.domainId !== undefined) parts.push(eq(listings.domainId, where.domainId));
  return tx
    .select()
    .from(listings)
    .where(and(...parts))
    .orderBy(asc(listings.id))
    .for('update');
}

/** Sets the pause of many listings at once (only those whose current pause reason is `fromReason`, when given). */
export async function setPause(
  db: DbOrTx,
  ids: readonly bigint[],
  set: { paused: boolean; pausedReason: string | null; now: Date },
  fromReason?: string | null,
): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(listings)
    .set({ paused: set.paused, pausedReason: set.pausedReason, updatedAt: set.now })
    .where(
      and(
        inArray(listings.id, [...ids]),
        fromReason === undefined
          ? undefined
          : fromReason === null
            ? isNull(listings.pausedReason)
            : eq(listings.pausedReason, fromReason),
      ),
    )
    .returning();
}

// ---- Lists ----

export interface ListingFilter {
  userId?: bigint;
  statuses?: readonly ListingStatus[];
  mode?: ListingMode;
  q?: string;
}

function filterParts(filter: ListingFilter, withStatus: boolean): SQL[] {
  const parts: SQL[] = [];
  if (filter.userId !== undefined) parts.push(eq(listings.userId, filter.userId));
  if (withStatus && filter.statuses) parts.push(inArray(listings.status, [...filter.statuses]));
  if (filter.mode) parts.push(eq(listings.mode, filter.mode));
  if (filter.q) parts.push(like(listings.domain, `%${escapeLike(filter.q.toLowerCase())}%`));
  return parts;
}

/** The user's listings, newest first, and how many there are per status (the tabs; status filter aside). */
export async function listListings(
  db: DbOrTx,
  filter: ListingFilter,
  { limit, offset }: PageWindow,
): Promise<{ items: ListingRow[]; total: number; counts: Record<string, number> }> {
  const where = and(...filterParts(filter, true));
  const [items, counted, perStatus] = await Promise.all([
    db
      .select()
      .from(listings)
      .where(where)
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(listings).where(where),
    db
      .select({ status: listings.status, n: sql<number>`count(*)::int` })
      .from(listings)
      .where(and(...filterParts(filter, false)))
      .groupBy(listings.status),
  ]);
  return {
    items,
    total: Number(counted[0]?.n ?? 0),
    counts: Object.fromEntries(perStatus.map((r) => [r.status, Number(r.n)])),
  };
}

/** A listing in the review queue, with its seller and the seller's verified proof of the domain. */
export interface ReviewRow {
  listing: ListingRow;
  sellerAccountNo: string;
  sellerEmail: string;
  ownershipVerifiedAt: Date | null;
}

/** The operators' queue: listings in these statuses, oldest submission first. */
export async function listReviewQueue(
  db: DbOrTx,
  filter: {
    statuses: readonly ListingStatus[];
    q?: string;
    /** Only these listings, or all but these (the queue's assignment filter). */
    ids?: { only: bigint[] } | { except: bigint[] };
  },
  { limit, offset }: PageWindow,
): Promise<{ items: ReviewRow[]; total: number }> {
  const ids = filter.ids;
  const where = and(
    ...filterParts({ statuses: filter.statuses, ...(filter.q ? { q: filter.q } : {}) }, true),
    ids && 'only' in ids ? (ids.only.length > 0 ? inArray(listings.id, ids.only) : sql`false`) : undefined,
    ids && 'except' in ids && ids.except.length > 0 ? notInArray(listings.id, ids.except) : undefined,
  );
  const [items, counted] = await Promise.all([
    db
      .select({
        listing: listings,
        sellerAccountNo: users.accountNo,
        sellerEmail: users.email,
        ownershipVerifiedAt: ownershipProofs.verifiedAt,
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .leftJoin(
        ownershipProofs,
        and(
          eq(ownershipProofs.userId, listings.userId),
          eq(ownershipProofs.domain, listings.domain),
          eq(ownershipProofs.status, 'verified'),
        ),
      )
      .where(where)
      .orderBy(asc(listings.submittedAt), asc(listings.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(listings).where(where),
  ]);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

/** One listing for the operators (seller and proof), or undefined. */
export async function findReviewRow(db: DbOrTx, id: bigint): Promise<ReviewRow | undefined> {
  const rows = await db
    .select({
      listing: listings,
      sellerAccountNo: users.accountNo,
      sellerEmail: users.email,
      ownershipVerifiedAt: ownershipProofs.verifiedAt,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(
      ownershipProofs,
      and(
        eq(ownershipProofs.userId, listings.userId),
        eq(ownershipProofs.domain, listings.domain),
        eq(ownershipProofs.status, 'verified'),
      ),
    )
    .where(eq(listings.id, id))
    .limit(1);
  return rows[0];
}

// ---- Logos (read for the presenter) ----

export async function findLogos(db: DbOrTx, ids: readonly bigint[]): Promise<LogoRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: listingLogos.id, kind: listingLogos.kind, style: listingLogos.style })
    .from(listingLogos)
    .where(inArray(listingLogos.id, [...ids]));
}

/** A logo of this listing (a modification may only pick one of the listing's own logos). */
export async function findListingLogo(db: DbOrTx, listingId: bigint, logoId: bigint): Promise<LogoRef | undefined> {
  const rows = await db
    .select({ id: listingLogos.id, kind: listingLogos.kind, style: listingLogos.style })
    .from(listingLogos)
    .where(and(eq(listingLogos.id, logoId), eq(listingLogos.listingId, listingId)))
    .limit(1);
  return rows[0];
}

// ---- Price calendar ----

export async function listCalendar(db: DbOrTx, listingId: bigint): Promise<CalendarRow[]> {
  return db
    .select()
    .from(listingCalendar)
    .where(eq(listingCalendar.listingId, listingId))
    .orderBy(asc(listingCalendar.effectiveAt));
}

/** The next unapplied entry after `now` of each listing (presenter's `nextPrice`). */
export async function nextEntries(db: DbOrTx, listingIds: readonly bigint[], now: Date): Promise<CalendarRow[]> {
  if (listingIds.length === 0) return [];
  const rows = await db.execute(sql`
    select distinct on (listing_id) id, listing_id, date, effective_at, price_cents
    from ${listingCalendar}
    where listing_id = any(${sql.param(listingIds.map(String))}::bigint[]) and applied_at is null
      and effective_at > ${now.toISOString()}::timestamptz
    order by listing_id, effective_at`);
  return rowsOf<{ id: string; listing_id: string; date: string; effective_at: string | Date; price_cents: string }>(
    rows,
  ).map((r) => ({
    id: BigInt(r.id),
    listingId: BigInt(r.listing_id),
    date: r.date,
    effectiveAt: new Date(r.effective_at),
    priceCents: Number(r.price_cents),
    appliedAt: null,
    createdAt: new Date(r.effective_at),
  }));
}

/**
 * Replaces the listing's upcoming entries (not applied, starting after `now`) with `entries`; a due
 * entry the sweeper has not reached yet stays (it is claimed by the sweeper, which never waits here).
 */
export async function replaceUpcoming(
  tx: Tx,
  listingId: bigint,
  entries: readonly { date: string; effectiveAt: Date; priceCents: number }[],
  now: Date,
): Promise<void> {
  await tx
    .delete(listingCalendar)
    .where(
      and(
        eq(listingCalendar.listingId, listingId),
        isNull(listingCalendar.appliedAt),
        gt(listingCalendar.effectiveAt, now),
      ),
    );
  if (entries.length === 0) return;
  await tx.insert(listingCalendar).values(
    entries.map((e) => ({
      listingId,
      date: e.date,
      effectiveAt: e.effectiveAt,
      priceCents: e.priceCents,
      createdAt: now,
    })),
  );
}

/** Due calendar entries (effective_at ≤ now, not applied), claimed FOR UPDATE SKIP LOCKED. */
export function claimDueEntries(tx: Tx, now: Date, limit: number): Promise<CalendarRow[]> {
  return claimDue(tx, listingCalendar, listingCalendar.effectiveAt, {
    now,
    limit,
    where: isNull(listingCalendar.appliedAt),
    orderBy: [asc(listingCalendar.id)],
  });
}

/** Marks an entry applied (only once). */
export async function markEntryApplied(db: DbOrTx, id: bigint, now: Date): Promise<boolean> {
  const rows = await db
    .update(listingCalendar)
    .set({ appliedAt: now })
    .where(and(eq(listingCalendar.id, id), isNull(listingCalendar.appliedAt)))
    .returning({ id: listingCalendar.id });
  return rows.length > 0;
}

// ---- Expiry ----

const SHOWN = sql`${listings.status} in ('on_sale', 'modification_review') and ${listings.expiresAt} is not null`;

/** Listings on sale whose period ended (expires_at ≤ now), claimed FOR UPDATE SKIP LOCKED. */
export function claimExpired(tx: Tx, now: Date, limit: number): Promise<ListingRow[]> {
  return claimDue(tx, listings, listings.expiresAt, { now, limit, where: SHOWN, orderBy: [asc(listings.id)] });
}

/** Listings on sale expiring before `until` whose notice was not sent yet, claimed FOR UPDATE SKIP LOCKED. */
export function claimExpiring(tx: Tx, until: Date, limit: number): Promise<ListingRow[]> {
  return claimDue(tx, listings, listings.expiresAt, {
    now: until,
    limit,
    where: and(SHOWN, isNull(listings.expiringNotifiedAt)),
    orderBy: [asc(listings.id)],
  });
}

/**
 * Open listings of domains held here that left the seller: the domain's row is gone (a completed
 * transfer out deletes it; listings.domain_id is then set null), claimed FOR UPDATE SKIP LOCKED.
 * `selling` ones are left to their order.
 */
export function claimOrphaned(tx: Tx, limit: number): Promise<ListingRow[]> {
  return tx
    .select()
    .from(listings)
    .where(
      and(
        isNull(listings.domainId),
        eq(listings.source, 'held'),
        inArray(listings.status, [
          'pending_review',
          'review_failed',
          'supplement_required',
          'modification_review',
          'on_sale',
        ]),
      ),
    )
    .orderBy(asc(listings.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
