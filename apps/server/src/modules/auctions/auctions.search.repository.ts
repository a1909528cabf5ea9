import { createHash } from 'node:crypto';
import type { AuctionFilter, AuctionSearchQuery, AuctionSort } from '@namebourse/contract';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';
import { auctions, watchlist } from '../../db/schema/index.ts';
import { windowOf } from '../../platform/paging.ts';
import type { SummaryRow } from './auctions.presenter.ts';

/**
 * The SQL of reading lots for the catalogue (auctions.search.service.ts calls it): /sale search
 * with every filter of spec §3, hot auctions, top deals, lots by id (the watchlist) and the
 * sitemap's lots (open and recently ended). Indexes (migrations 0008, 0009):
 * partial indexes over `status = 'bidding'` for each sort, each ending in the name so that a
 * starts-with filter is checked inside the index; the TLD, the name prefix, and a trigram index
 * on the domain for the keyword. /sale counts its matches only when that is cheap (searchTotal).
 */

const DAY_MS = 86_400_000;
/** The site's business day runs in UTC+8. */
const BUSINESS_OFFSET = '+08:00';

/** Lots open for bidding: a literal predicate, so the planner matches the partial indexes. */
const isBidding = sql`${auctions.status} = 'bidding'`;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
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

/** A value in a filter's SQL: the value itself (bound as a parameter) or a prepared statement's placeholder. */
type Bound = SQLWrapper;

/**
 * One condition of /sale's WHERE: `key` names it (and its placeholder), `value` is what it binds,
 * `build` writes it around that value or around a placeholder. A search's SQL text depends only on
 * which conditions it has, so each combination is prepared once (searchLotRows).
 */
interface Clause {
  key: string;
  value: string | number | boolean | string[];
  build: (v: Bound) => SQL;
}

const clause = (key: string, value: Clause['value'], build: (v: Bound) => SQL): Clause => ({ key, value, build });

/** The conditions of /sale: open for bidding at `now`, then every filter given. */
function filterClauses(filter: AuctionFilter, now: Date): Clause[] {
  const at = (d: Date) => d.toISOString();
  const parts: Clause[] = [clause('now', at(now), (v) => sql`${auctions.endsAt} > ${v}`)];
  const keyword = filter.keyword?.trim().toLowerCase();
  // Domains are stored in lower case (AdminLotSchema lower-cases them): LIKE on the lower-cased
  // keyword is the case-insensitive match, at about half the cost of ILIKE per row scanned.
  if (keyword) parts.push(clause('keyword', `%${escapeLike(keyword)}%`, (v) => sql`${auctions.domain} like ${v}`));
  if (filter.type) parts.push(clause('type', filter.type, (v) => sql`${auctions.type} = ${v}`));
  const atLeast = (key: string, column: AnyColumn, value: number | undefined) => {
    if (value !== undefined) parts.push(clause(key, value, (v) => sql`${column} >= ${v}`));
  };
  const atMost = (key: string, column: AnyColumn, value: number | undefined) => {
    if (value !== undefined) parts.push(clause(key, value, (v) => sql`${column} <= ${v}`));
  };
  atLeast('minPrice', auctions.currentPriceCents, filter.minPrice === undefined ? undefined : filter.minPrice * 100);
  atMost('maxPrice', auctions.currentPriceCents, filter.maxPrice === undefined ? undefined : filter.maxPrice * 100);
  atLeast('minBaiduWeight', auctions.baiduWeight, filter.minBaiduWeight);
  atLeast('minBaiduIndex', auctions.baiduIndex, filter.minBaiduIndex);
  atLeast('minSougouIndex', auctions.sogouIndex, filter.minSougouIndex);
  atLeast('minBackLinks', auctions.backlinks, filter.minBackLinks);
  atMost('maxBackLinks', auctions.backlinks, filter.maxBackLinks);
  if (filter.suffix) {
    const tlds = parseSuffixes(filter.suffix);
    if (tlds.length > 0) parts.push(clause('suffix', tlds, (v) => sql`${auctions.tld} = any(${v}::text[])`));
  }
  const start = filter.includeAsStart?.trim().toLowerCase();
  if (start) parts.push(clause('startsWith', `${escapeLike(start)}%`, (v) => sql`${auctions.name} like ${v}`));
  // Literal predicates (no value), so the planner matches the partial indexes.
  if (filter.excludeHyphens) parts.push(clause('noHyphen', true, () => sql`${auctions.hasHyphen} = false`));
  if (filter.excludePremiumNames) parts.push(clause('noPremium', true, () => sql`${auctions.isPremium} = false`));
  const before = (key: string, column: AnyColumn, date: Date) =>
    parts.push(clause(key, at(date), (v) => sql`${column} < ${v}`));
  if (filter.regTimeEnd) before('regTimeEnd', auctions.registeredAt, endOfBusinessDay(filter.regTimeEnd));
  if (filter.expirationTimeEnd)
    before('expirationTimeEnd', auctions.expiresAt, endOfBusinessDay(filter.expirationTimeEnd));
  if (filter.saleEndTimeStart) {
    const from = at(businessTime(filter.saleEndTimeStart));
    parts.push(clause('saleEndTimeStart', from, (v) => sql`${auctions.endsAt} >= ${v}`));
  }
  if (filter.saleEndTimeEnd) before('saleEndTimeEnd', auctions.endsAt, businessTime(filter.saleEndTimeEnd));
  return parts;
}

/** The WHERE of /sale with its values bound: open for bidding at `now`, then every filter given. */
export function filterWhere(filter: AuctionFilter, now: Date): SQL {
  return whereOf(filterClauses(filter, now));
}

function whereOf(clauses: Clause[]): SQL {
  return and(isBidding, ...clauses.map((c) => c.build(sql.param(c.value)))) as SQL;
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
function watchedColumn(userId: bigint | null | Bound) {
  if (userId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${watchlist} where ${watchlist.userId} = ${userId} and ${watchlist.auctionId} = ${auctions.id})`;
}

/**
 * The columns of a lot that its summary shows (presentSummary), all the catalogue's lists read, as
 * ONE column: a JSON array the driver parses natively, decoded by hand. Read as 28 columns, mapping
 * them through the ORM cost more than any other step of a /sale page; timestamps travel as epoch
 * milliseconds (their text form cost the driver about as much as every other column together), ids
 * as text (JSON numbers stop at 2^53).
 */
type SummaryKey = keyof SummaryRow;
/** A summary field: its key, the SQL that reads it, and how its JSON value becomes the row's (null stays null). */
type SummaryField = [key: SummaryKey, read: SQL | AnyColumn, decode?: (json: unknown) => unknown];

const asIs = (...keys: SummaryKey[]): SummaryField[] => keys.map((key) => [key, auctions[key]]);
const epochMs = (key: 'startsAt' | 'endsAt' | 'registeredAt' | 'expiresAt'): SummaryField => [
  key,
  sql`floor(extract(epoch from ${auctions[key]}) * 1000)::int8`,
  (ms) => new Date(ms as number),
];
const idText = (key: 'id' | 'winnerId'): SummaryField => [key, sql`${auctions[key]}::text`, (v) => BigInt(v as string)];

const SUMMARY_FIELDS: SummaryField[] = [
  idText('id'),
  ...asIs('domain', 'tld', 'length', 'type', 'status', 'isPremium', 'startPriceCents', 'currentPriceCents'),
  ...asIs('bidCount', 'bidderCount'),
  ...(['startsAt', 'endsAt', 'registeredAt', 'expiresAt'] as const).map(epochMs),
  ...asIs('registrar', 'traffic', 'backlinks', 'referringDomains', 'citationFlow', 'trustFlow', 'baiduIndex'),
  ...asIs('sogouIndex', 'googleIndex', 'baiduWeight', 'pageAuthority'),
  idText('winnerId'),
  ...asIs('winningPriceCents'),
];

const SUMMARY_KEYS = SUMMARY_FIELDS.map(([key]) => key);
const SUMMARY_DECODERS = SUMMARY_FIELDS.map(([, , decode]) => decode);

/** The summary columns' JSON array back to a row, in SUMMARY_FIELDS order. */
export function decodeSummary(values: unknown[]): SummaryRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < SUMMARY_KEYS.length; i++) {
    const value = values[i] ?? null;
    const decode = SUMMARY_DECODERS[i];
    row[SUMMARY_KEYS[i] as SummaryKey] = value === null || decode === undefined ? value : decode(value);
  }
  return row as SummaryRow;
}

const summaryColumns = sql<SummaryRow>`json_build_array(${sql.join(
  SUMMARY_FIELDS.map(([, read]) => read),
  sql`, `,
)})`.mapWith((value) => decodeSummary((typeof value === 'string' ? JSON.parse(value) : value) as unknown[]));

export interface LotWithWatch {
  lot: SummaryRow;
  isWatched: boolean;
}

/** One page of /sale and the number of lots matching (see searchTotal). */
export async function searchLotRows(
  db: DbOrTx,
  query: AuctionSearchQuery,
  userId: bigint | null,
  now: Date,
  countLimits: CountLimits = {},
): Promise<{ items: LotWithWatch[]; total: number; totalIsEstimate: boolean }> {
  const { offset } = windowOf(query);
  const clauses = filterClauses(query, now);
  // One row past the page tells whether more follow.
  const values: Record<string, unknown> = { limit: query.pageSize + 1, offset };
  for (const c of clauses) values[c.key] = c.value;
  if (userId !== null) values.userId = userId.toString();
  const rows = await preparedSearch(db, query.sort, userId !== null, clauses).execute(values);
  const items = rows.slice(0, query.pageSize);
  const hasMore = rows.length > query.pageSize;
  // The last page (or a first page that is empty) gives the exact total for free.
  if (!hasMore && (items.length > 0 || offset === 0)) {
    return { items, total: offset + items.length, totalIsEstimate: false };
  }
  const atLeast = offset + items.length + (hasMore ? 1 : 0);
  // An estimate is kept for a while per filter: it moves only with the table's statistics, and the
  // pages of one search then agree on it.
  const cache = estimatesOf(db);
  const key = filterKey(query);
  const kept = cache.get(key);
  if (kept && kept.until > now.getTime()) {
    return { items, total: Math.max(kept.total, atLeast), totalIsEstimate: true };
  }
  const counted = await searchTotal(db, whereOf(clauses), atLeast, countLimits);
  if (counted.totalIsEstimate) {
    cache.delete(key);
    if (cache.size >= ESTIMATES_KEPT) cache.delete(cache.keys().next().value as string);
    cache.set(key, { total: counted.estimate, until: now.getTime() + ESTIMATE_TTL_MS });
  }
  return { items, total: counted.total, totalIsEstimate: counted.totalIsEstimate };
}

/**
 * The page query of one search shape (its sort, signed in or not, and which conditions it has;
 * values are placeholders), built once and kept as a named prepared statement: each connection
 * parses it once and PostgreSQL may keep its plan. A connection never forgets a prepared
 * statement, so only the first PREPARED_SHAPES shapes of a database are named and kept; rarer
 * shapes past those are built per search and run unnamed (as every search did before).
 */
function preparedSearch(db: DbOrTx, sort: AuctionSort, signedIn: boolean, clauses: Clause[]): PreparedSearch {
  const shape = `${sort}|${signedIn ? 'u' : 'v'}|${clauses.map((c) => c.key).join(',')}`;
  let kept = prepared.get(db);
  if (!kept) {
    kept = new Map();
    prepared.set(db, kept);
  }
  const found = kept.get(shape);
  if (found) return found;
  const p = (key: string) => sql.placeholder(key);
  const query = db
    .select({ lot: summaryColumns, isWatched: watchedColumn(signedIn ? p('userId') : null) })
    .from(auctions)
    .where(and(isBidding, ...clauses.map((c) => c.build(p(c.key)))))
    .orderBy(...orderFor(sort))
    .limit(p('limit'))
    .offset(p('offset'));
  if (kept.size >= PREPARED_SHAPES) return query as PreparedSearch;
  const named = query.prepare(`search_${createHash('sha1').update(shape).digest('base64url')}`) as PreparedSearch;
  kept.set(shape, named);
  return named;
}
const prepared = new WeakMap<DbOrTx, Map<string, PreparedSearch>>();
/** Search shapes named and kept per database. */
export const PREPARED_SHAPES = 200;
/** A kept page query: run with the values of its placeholders. */
interface PreparedSearch {
  execute(values: Record<string, unknown>): Promise<LotWithWatch[]>;
}

/** How long a filter's estimated total is reused, and for how many filters (per database). */
export const ESTIMATE_TTL_MS = 60_000;
const ESTIMATES_KEPT = 1_000;
const estimates = new WeakMap<DbOrTx, Map<string, { total: number; until: number }>>();

function estimatesOf(db: DbOrTx): Map<string, { total: number; until: number }> {
  let cache = estimates.get(db);
  if (!cache) {
    cache = new Map();
    estimates.set(db, cache);
  }
  return cache;
}

/** The filter of a search (its sort and page left out), as a cache key. */
function filterKey(query: AuctionSearchQuery): string {
  const { sort: _sort, page: _page, pageSize: _pageSize, ...filter } = query;
  return JSON.stringify(filter);
}

/** Exact counts go up to this many lots. */
export const EXACT_COUNT_CAP = 10_000;
/**
 * The most a count may cost in the planner's units to be run, a few milliseconds: a keyword's
 * trigram index scan over 1,000,000 lots (2–3 ms), a thousand rows read through an index, or a table
 * of ~4,000 pages (some 100,000 lots) read in full. Counting 1,000,000 open lots took 250–600 ms.
 */
export const EXACT_COUNT_MAX_COST = 5_000;

/** The most lots counted and the most a count may cost (tests lower them). */
export interface CountLimits {
  cap?: number;
  maxCost?: number;
}

/** The planner's tree of an EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Node Type': string;
  'Total Cost': number;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** 123_456 → 120_000: an estimate says no more than two significant figures. */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * How many open lots match `where`. The planner prices a count capped at EXACT_COUNT_CAP; when it
 * expects no more than the cap and the count is cheap (few lots, or an index that finds the matches)
 * the lots are counted. Otherwise the total is the planner's estimate of the matches (from the
 * column statistics, see migration 0009), rounded, and never below `atLeast` (the lots known to
 * exist up to this page, plus one when another page follows); `estimate` is the rounded estimate alone.
 */
export async function searchTotal(
  db: DbOrTx,
  where: SQL,
  atLeast: number,
  { cap = EXACT_COUNT_CAP, maxCost = EXACT_COUNT_MAX_COST }: CountLimits = {},
): Promise<{ total: number; totalIsEstimate: boolean; estimate: number }> {
  const capped = sql`select count(*)::int as n from (select 1 from ${auctions} where ${where} limit ${sql.raw(String(cap + 1))}) as matching`;
  const explained = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    await db.execute(sql`explain (format json) ${capped}`),
  );
  const json = explained[0]?.['QUERY PLAN'];
  const plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
  let estimate = planRowsUnderLimit(plan) ?? atLeast;
  if (estimate <= cap && plan['Total Cost'] <= maxCost) {
    const counted = rowsOf<{ n: number }>(await db.execute(capped));
    const n = Number(counted[0]?.n ?? 0);
    if (n <= cap) return { total: n, totalIsEstimate: false, estimate };
    estimate = Math.max(estimate, n);
  }
  const rounded = roundEstimate(estimate);
  return { total: Math.max(rounded, atLeast), totalIsEstimate: true, estimate: rounded };
}

/** The rows the planner expects under the count's LIMIT: its estimate of all matches. */
function planRowsUnderLimit(node: PlanNode): number | undefined {
  if (node['Node Type'] === 'Limit') return node.Plans?.[0]?.['Plan Rows'];
  for (const child of node.Plans ?? []) {
    const rows = planRowsUnderLimit(child);
    if (rows !== undefined) return rows;
  }
  return undefined;
}

/** Home: open lots with the most bidders (then most bids, then ending soonest). */
export function hotLotRows(db: DbOrTx, userId: bigint | null, now: Date, limit: number): Promise<LotWithWatch[]> {
  return db
    .select({ lot: summaryColumns, isWatched: watchedColumn(userId) })
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
    .select({ lot: summaryColumns, isWatched: watchedColumn(userId) })
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
    .select({ lot: summaryColumns, isWatched: watchedColumn(userId) })
    .from(auctions)
    .where(inArray(auctions.id, ids));
  const byId = new Map(rows.map((r) => [r.lot.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LotWithWatch => r !== undefined);
}

export async function lotExists(db: DbOrTx, id: bigint): Promise<boolean> {
  const rows = await db.select({ id: auctions.id }).from(auctions).where(eq(auctions.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * The sitemap's lots: open for bidding, or ended at or after `closedSince` (a lot page stays worth
 * crawling a while after its close). Each part reads its partial index (open: the ends index;
 * ended: auctions_closed_idx); the caller orders by id, which is stable as lots come and go.
 */
function sitemapLotSet(closedSince: Date): SQL {
  return sql`select ${auctions.id} as id, ${auctions.updatedAt} as updated_at from ${auctions} where ${isBidding}
    union all
    select ${auctions.id}, ${auctions.updatedAt} from ${auctions}
    where ${auctions.status} = 'ended' and ${auctions.closedAt} >= ${closedSince}`;
}

/** The sitemap's lot files when each holds `perFile` lots by id: the newest update in each, in file order. */
export async function sitemapLotFileRows(db: DbOrTx, closedSince: Date, perFile: number): Promise<Date[]> {
  const rows = rowsOf<{ file: string; lastmod: Date | string }>(
    await db.execute(sql`
      select (n - 1) / ${perFile}::bigint as file, max(updated_at) as lastmod
      from (select updated_at, row_number() over (order by id) as n from (${sitemapLotSet(closedSince)}) lots) numbered
      group by 1 order by 1`),
  );
  return rows.map((r) => new Date(r.lastmod));
}

/** One file of the sitemap's lots: `limit` of them by id, after the first `offset`. */
export async function sitemapLotRows(
  db: DbOrTx,
  closedSince: Date,
  offset: number,
  limit: number,
): Promise<{ id: bigint; updatedAt: Date }[]> {
  const rows = rowsOf<{ id: string; updated_at: Date | string }>(
    await db.execute(sql`
      select id, updated_at from (${sitemapLotSet(closedSince)}) lots
      order by id limit ${limit} offset ${offset}`),
  );
  return rows.map((r) => ({ id: BigInt(r.id), updatedAt: new Date(r.updated_at) }));
}
