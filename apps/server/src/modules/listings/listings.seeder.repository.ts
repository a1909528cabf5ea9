import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';
import { listingCalendar, listingLogos, listings, ownershipProofs } from '../../db/schema/index.ts';

/**
 * The SQL of the demo listings (listings.seeder.ts): a handful of multi-row INSERTs, the large ones
 * as `unnest` of one array per column (STACK.md: several times faster than rows built by the ORM).
 */

export type NewListingRow = typeof listings.$inferInsert;

/** Whether any of these users has a listing (the seeder runs once per database). */
export async function anyListingOf(db: DbOrTx, userIds: bigint[]): Promise<boolean> {
  if (userIds.length === 0) return false;
  const rows = await db.select({ id: listings.id }).from(listings).where(inArray(listings.userId, userIds)).limit(1);
  return rows.length > 0;
}

/** Listings given row by row (the demo seller's few dozen); their ids in the same order. */
export async function insertListingRows(db: DbOrTx, rows: NewListingRow[]): Promise<bigint[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(listings).values(rows).returning({ id: listings.id, domain: listings.domain });
  const byDomain = new Map(inserted.map((r) => [r.domain, r.id]));
  return rows.map((r) => byDomain.get(r.domain) as bigint);
}

/** Columns of many market listings (on sale, external): one array per column, same length. */
export interface MarketListingColumns {
  userId: string[];
  domain: string[];
  name: string[];
  tld: string[];
  mode: string[];
  priceCents: (number | null)[];
  floorCents: (number | null)[];
  /** Industries and keywords joined by '|' (arrays of arrays cannot be unnested). */
  industries: string[];
  keywords: string[];
  descriptionZh: string[];
  descriptionEn: string[];
  endOption: string[];
  expiresAt: (string | null)[];
  listedAt: string[];
}

/** Inserts on-sale external listings in one statement; returns id and domain of each. */
export async function insertMarketListings(
  db: DbOrTx,
  c: MarketListingColumns,
  now: Date,
): Promise<{ id: bigint; domain: string }[]> {
  const p = sql.param;
  const result = await db.execute(sql`
    insert into ${listings} (user_id, domain, name, tld, length, source, mode, status, price_cents, floor_cents,
      industries, keywords, description_zh, description_en, end_option, expires_at, reviewed_at, submitted_at,
      listed_at, created_at, updated_at)
    select v.user_id, v.domain, v.name, v.tld, length(v.name), 'external', v.mode, 'on_sale', v.price, v.floor,
      string_to_array(v.industries, '|'), case when v.keywords = '' then '{}'::text[] else string_to_array(v.keywords, '|') end,
      v.zh, v.en, v.end_option, v.expires_at, v.listed_at, v.listed_at - interval '1 hour',
      v.listed_at, v.listed_at - interval '1 hour', ${now}
    from unnest(${p(c.userId)}::bigint[], ${p(c.domain)}::text[], ${p(c.name)}::text[], ${p(c.tld)}::text[],
      ${p(c.mode)}::text[], ${p(c.priceCents)}::bigint[], ${p(c.floorCents)}::bigint[], ${p(c.industries)}::text[],
      ${p(c.keywords)}::text[], ${p(c.descriptionZh)}::text[], ${p(c.descriptionEn)}::text[], ${p(c.endOption)}::text[],
      ${p(c.expiresAt)}::timestamptz[], ${p(c.listedAt)}::timestamptz[])
      as v(user_id, domain, name, tld, mode, price, floor, industries, keywords, zh, en, end_option, expires_at, listed_at)
    returning id::text as id, domain`);
  return rowsOf<{ id: string; domain: string }>(result).map((r) => ({
    id: BigInt(r.id),
    domain: r.domain,
  }));
}

/** Ownership proofs (user, domain, status …), one statement. */
export async function insertProofs(
  db: DbOrTx,
  rows: {
    userId: bigint;
    domain: string;
    token: string;
    status: 'verified' | 'failed';
    verifiedAt: Date | null;
    misses: number;
    reason: string | null;
    at: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const p = sql.param;
  await db.execute(sql`
    insert into ${ownershipProofs} (user_id, domain, token, status, verified_at, last_checked_at, next_check_at, misses,
      reason, created_at, updated_at)
    select v.user_id, v.domain, v.token, v.status, v.verified_at, v.at, null, v.misses, v.reason, v.at, v.at
    from unnest(${p(rows.map((r) => r.userId.toString()))}::bigint[], ${p(rows.map((r) => r.domain))}::text[],
      ${p(rows.map((r) => r.token))}::text[], ${p(rows.map((r) => r.status))}::text[],
      ${p(rows.map((r) => r.verifiedAt?.toISOString() ?? null))}::timestamptz[], ${p(rows.map((r) => r.misses))}::int[],
      ${p(rows.map((r) => r.reason))}::text[], ${p(rows.map((r) => r.at.toISOString()))}::timestamptz[])
      as v(user_id, domain, token, status, verified_at, misses, reason, at)
    on conflict do nothing`);
}

/** Price-calendar entries, one statement. */
export async function insertCalendarRows(
  db: DbOrTx,
  rows: { listingId: bigint; date: string; effectiveAt: Date; priceCents: number; appliedAt: Date | null }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const p = sql.param;
  await db.execute(sql`
    insert into ${listingCalendar} (listing_id, date, effective_at, price_cents, applied_at, created_at)
    select v.listing_id, v.date, v.effective_at, v.price, v.applied_at, ${now}
    from unnest(${p(rows.map((r) => r.listingId.toString()))}::bigint[], ${p(rows.map((r) => r.date))}::text[],
      ${p(rows.map((r) => r.effectiveAt.toISOString()))}::timestamptz[], ${p(rows.map((r) => r.priceCents))}::bigint[],
      ${p(rows.map((r) => r.appliedAt?.toISOString() ?? null))}::timestamptz[])
      as v(listing_id, date, effective_at, price, applied_at)`);
}

/** Generated logos (SVG), one statement; their ids in the same order. */
export async function insertLogoRows(
  db: DbOrTx,
  rows: {
    listingId: bigint;
    userId: bigint;
    style: string;
    options: object;
    svg: string;
    width: number;
    height: number;
  }[],
  now: Date,
): Promise<bigint[]> {
  if (rows.length === 0) return [];
  const p = sql.param;
  const result = await db.execute(sql`
    insert into ${listingLogos} (listing_id, user_id, kind, style, options, svg, mime, width, height, bytes, created_at)
    select v.listing_id, v.user_id, 'generated', v.style, v.options::jsonb, v.svg, 'image/svg+xml', v.width, v.height,
      octet_length(v.svg), ${now}
    from unnest(${p(rows.map((r) => r.listingId.toString()))}::bigint[], ${p(rows.map((r) => r.userId.toString()))}::bigint[],
      ${p(rows.map((r) => r.style))}::text[], ${p(rows.map((r) => JSON.stringify(r.options)))}::text[],
      ${p(rows.map((r) => r.svg))}::text[], ${p(rows.map((r) => r.width))}::int[], ${p(rows.map((r) => r.height))}::int[])
      with ordinality as v(listing_id, user_id, style, options, svg, width, height, n)
    order by v.n
    returning id::text as id`);
  return rowsOf<{ id: string }>(result).map((r) => BigInt(r.id));
}

/** Sets listings' logo ids ((listing, logo) pairs), one statement. */
export async function setLogoIds(db: DbOrTx, pairs: { listingId: bigint; logoId: bigint }[]): Promise<void> {
  if (pairs.length === 0) return;
  await db.execute(sql`
    update ${listings} set logo_id = v.logo_id
    from unnest(${sql.param(pairs.map((x) => x.listingId.toString()))}::bigint[],
      ${sql.param(pairs.map((x) => x.logoId.toString()))}::bigint[]) as v(listing_id, logo_id)
    where ${listings.id} = v.listing_id`);
}
