import {
  type AuctionFilter,
  type AuctionSearchQuery,
  type AuctionSort,
  type AuctionStatus,
  type AuctionSummary,
  type LotType,
  minNextBidCents,
  type Page,
} from '@namebourse/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, like, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { DbOrTx } from '../../db/open-database.ts';
import { auctions, watchlist } from '../../db/schema/index.ts';

/**
 * Reading lots for the catalogue: /sale search with every filter of spec §3, hot auctions, top
 * deals, lots by id (the watchlist) and the sitemap's open lots. The indexes of migration 0008
 * serve these queries: partial indexes over `status = 'bidding'` for each sort, the TLD and the
 * name prefix, and a trigram index on the domain for the keyword.
 */
export type LotRow = typeof auctions.$inferSelect;

const DAY_MS = 86_400_000;
/** The site's business day runs in UTC+8. */
const BUSINESS_OFFSET = '+08:00';

/** Lots open for bidding: a literal predicate, so the planner matches the partial indexes. */
const isBidding = sql`${auctions.status} = 'bidding'`;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** 'a.com.cn' → tld 'com.cn': the second-level suffixes lots come with; otherwise the last label. */
const TWO_LABEL_SUFFIXES = new Set([
  'com.cn',
  'net.cn',
  'org.cn',
  'gov.cn',
  'edu.cn',
  'ac.cn',
  'com.hk',
  'com.tw',
  'co.uk',
  'org.uk',
  'co.jp',
  'com.au',
  'co.kr',
  'com.sg',
  'com.br',
]);

/** The parts of a (lower-case, valid) domain a lot stores: name before the TLD, TLD, length, hyphen. */
export function splitDomain(domain: string): { name: string; tld: string; length: number; hasHyphen: boolean } {
  const labels = domain.split('.');
  const lastTwo = labels.slice(-2).join('.');
  const tldLabels = labels.length > 2 && TWO_LABEL_SUFFIXES.has(lastTwo) ? 2 : 1;
  const name = labels.slice(0, labels.length - tldLabels).join('.');
  const tld = labels.slice(labels.length - tldLabels).join('.');
  return { name, tld, length: [...name].length, hasHyphen: name.includes('-') };
}

/** A plain date is the start of that day in UTC+8; a time without an offset is read in UTC+8 too. */
export function businessTime(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00${BUSINESS_OFFSET}`);
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return new Date(value);
  return new Date(`${value}${BUSINESS_OFFSET}`);
}

/** The end of a date (inclusive) in UTC+8: the next day's start. */
function endOfBusinessDay(date: string): Date {
  return new Date(businessTime(date).getTime() + DAY_MS);
}

/** 'com, .NET' → ['com', 'net']. */
export function parseSuffixes(suffix: string): string[] {
  return [
    ...new Set(
      suffix
        .split(',')
        .map((s) => s.trim().toLowerCase().replace(/^\./, ''))
        .filter(Boolean),
    ),
  ];
}

/** The WHERE of /sale: open for bidding at `now`, then every filter given. */
export function filterWhere(filter: AuctionFilter, now: Date): SQL {
  const parts: SQL[] = [isBidding, sql`${auctions.endsAt} > ${now}`];
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) parts.push(sql`${auctions.domain} ilike ${`%${escapeLike(keyword)}%`}`);
  if (filter.type) parts.push(eq(auctions.type, filter.type));
  if (filter.minPrice !== undefined) parts.push(gte(auctions.currentPriceCents, filter.minPrice * 100));
  if (filter.maxPrice !== undefined) parts.push(lte(auctions.currentPriceCents, filter.maxPrice * 100));
  if (filter.minBaiduWeight !== undefined) parts.push(gte(auctions.baiduWeight, filter.minBaiduWeight));
  if (filter.minBaiduIndex !== undefined) parts.push(gte(auctions.baiduIndex, filter.minBaiduIndex));
  if (filter.minSougouIndex !== undefined) parts.push(gte(auctions.sogouIndex, filter.minSougouIndex));
  if (filter.minBackLinks !== undefined) parts.push(gte(auctions.backlinks, filter.minBackLinks));
  if (filter.maxBackLinks !== undefined) parts.push(lte(auctions.backlinks, filter.maxBackLinks));
  if (filter.suffix) {
    const tlds = parseSuffixes(filter.suffix);
    if (tlds.length > 0) parts.push(inArray(auctions.tld, tlds));
  }
  const start = filter.includeAsStart?.trim().toLowerCase();
  if (start) parts.push(like(auctions.name, `${escapeLike(start)}%`));
  if (filter.excludeHyphens) parts.push(eq(auctions.hasHyphen, false));
  if (filter.excludePremiumNames) parts.push(eq(auctions.isPremium, false));
  if (filter.regTimeEnd) parts.push(lt(auctions.registeredAt, endOfBusinessDay(filter.regTimeEnd)));
  if (filter.expirationTimeEnd) parts.push(lt(auctions.expiresAt, endOfBusinessDay(filter.expirationTimeEnd)));
  if (filter.saleEndTimeStart) parts.push(gte(auctions.endsAt, businessTime(filter.saleEndTimeStart)));
  if (filter.saleEndTimeEnd) parts.push(lt(auctions.endsAt, businessTime(filter.saleEndTimeEnd)));
  return and(...parts) as SQL;
}

function orderFor(sort: AuctionSort) {
  switch (sort) {
    case 'price_asc':
      return [asc(auctions.currentPriceCents), asc(auctions.id)];
    case 'price_desc':
      return [desc(auctions.currentPriceCents), desc(auctions.id)];
    case 'bids':
      return [desc(auctions.bidCount), desc(auctions.id)];
    case 'newest':
      return [desc(auctions.createdAt), desc(auctions.id)];
    default:
      return [asc(auctions.endsAt), asc(auctions.id)];
  }
}

/** Whether the user watches the lot (false for visitors), as a column. */
function watchedColumn(userId: bigint | null) {
  if (userId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${watchlist} where ${watchlist.userId} = ${userId} and ${watchlist.auctionId} = ${auctions.id})`;
}

export interface LotWithWatch {
  lot: LotRow;
  isWatched: boolean;
}

/** One page of /sale and the number of lots matching. */
export async function searchLotRows(
  db: DbOrTx,
  query: AuctionSearchQuery,
  userId: bigint | null,
  now: Date,
): Promise<{ items: LotWithWatch[]; total: number }> {
  const where = filterWhere(query, now);
  const rows = await db
    .select({ lot: auctions, isWatched: watchedColumn(userId) })
    .from(auctions)
    .where(where)
    .orderBy(...orderFor(query.sort))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(auctions).where(where);
  return { items: rows, total: Number(counted[0]?.n ?? 0) };
}

/** Home: open lots with the most bidders (then most bids, then ending soonest). */
export function hotLotRows(db: DbOrTx, userId: bigint | null, now: Date, limit: number): Promise<LotWithWatch[]> {
  return db
    .select({ lot: auctions, isWatched: watchedColumn(userId) })
    .from(auctions)
    .where(and(isBidding, sql`${auctions.endsAt} > ${now}`))
    .orderBy(desc(auctions.bidderCount), desc(auctions.bidCount), asc(auctions.endsAt), asc(auctions.id))
    .limit(limit);
}

/** Home: lots that ended with a winner in the last `days`, highest winning price first. */
export function topDealRows(
  db: DbOrTx,
  userId: bigint | null,
  now: Date,
  days: number,
  limit: number,
): Promise<LotWithWatch[]> {
  return db
    .select({ lot: auctions, isWatched: watchedColumn(userId) })
    .from(auctions)
    .where(
      and(
        sql`${auctions.status} = 'ended'`,
        isNotNull(auctions.winnerId),
        gte(auctions.closedAt, new Date(now.getTime() - days * DAY_MS)),
      ),
    )
    .orderBy(desc(auctions.winningPriceCents), desc(auctions.closedAt), desc(auctions.id))
    .limit(limit);
}

/** Lots by id (any status), with the user's watch flag, in the order of `ids`. */
export async function lotRowsByIds(db: DbOrTx, ids: bigint[], userId: bigint | null): Promise<LotWithWatch[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ lot: auctions, isWatched: watchedColumn(userId) })
    .from(auctions)
    .where(inArray(auctions.id, ids));
  const byId = new Map(rows.map((r) => [r.lot.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LotWithWatch => r !== undefined);
}

export async function lotExists(db: DbOrTx, id: bigint): Promise<boolean> {
  const rows = await db.select({ id: auctions.id }).from(auctions).where(eq(auctions.id, id)).limit(1);
  return rows.length > 0;
}

/** The sitemap's lot pages: open lots, ending soonest first, at most `limit`. */
export function openLotIdsForSitemap(db: DbOrTx, now: Date, limit: number): Promise<{ id: bigint; updatedAt: Date }[]> {
  return db
    .select({ id: auctions.id, updatedAt: auctions.updatedAt })
    .from(auctions)
    .where(and(isBidding, sql`${auctions.endsAt} > ${now}`))
    .orderBy(asc(auctions.endsAt), asc(auctions.id))
    .limit(limit);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A lot row → the contract's summary (every field listed). */
export function presentLotSummary(row: LotRow, options: { isWatched: boolean }): AuctionSummary {
  return {
    auctionId: String(row.id),
    domain: row.domain,
    tld: row.tld,
    length: row.length,
    type: row.type as LotType,
    status: row.status as AuctionStatus,
    isPremium: row.isPremium,
    currentPriceCents: row.currentPriceCents,
    minNextBidCents: minNextBidCents(row),
    bidCount: row.bidCount,
    bidderCount: row.bidderCount,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    registeredAt: iso(row.registeredAt),
    expiresAt: iso(row.expiresAt),
    registrar: row.registrar,
    metrics: {
      traffic: row.traffic,
      backlinks: row.backlinks,
      referringDomains: row.referringDomains,
      citationFlow: row.citationFlow,
      trustFlow: row.trustFlow,
      baiduIndex: row.baiduIndex,
      sogouIndex: row.sogouIndex,
      googleIndex: row.googleIndex,
      baiduWeight: row.baiduWeight,
      pageAuthority: row.pageAuthority,
    },
    winningPriceCents: row.status === 'ended' && row.winnerId !== null ? row.winningPriceCents : null,
    isWatched: options.isWatched,
  };
}

export const presentLots = (rows: LotWithWatch[]) =>
  rows.map((r) => presentLotSummary(r.lot, { isWatched: r.isWatched }));

/** How many days of closed lots top deals looks back over. */
export const TOP_DEALS_DAYS = 30;
/** Lots on the home page's hot auctions and top deals. */
export const HOME_LOTS = 8;

// ---- What the catalogue module calls ----

/** GET /api/auctions: a page of lots open for bidding, with the signed-in user's watch flags. */
export async function searchAuctions(
  app: App,
  userId: bigint | null,
  query: AuctionSearchQuery,
): Promise<Page<AuctionSummary>> {
  const { db, clock } = app.platform;
  const { items, total } = await searchLotRows(db, query, userId, clock.now());
  return { items: presentLots(items), total, page: query.page, pageSize: query.pageSize };
}

export async function hotAuctions(app: App, userId: bigint | null): Promise<AuctionSummary[]> {
  return presentLots(await hotLotRows(app.platform.db, userId, app.platform.clock.now(), HOME_LOTS));
}

export async function topDeals(app: App, userId: bigint | null): Promise<AuctionSummary[]> {
  return presentLots(await topDealRows(app.platform.db, userId, app.platform.clock.now(), TOP_DEALS_DAYS, HOME_LOTS));
}

/** Summaries of lots by id (any status), in the order given; unknown ids are left out. */
export async function auctionSummaries(app: App, ids: bigint[], userId: bigint | null): Promise<AuctionSummary[]> {
  return presentLots(await lotRowsByIds(app.platform.db, ids, userId));
}
