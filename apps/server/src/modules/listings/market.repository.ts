import { createHash } from 'node:crypto';
import type { MarketQuery, MarketSort } from '@namebourse/contract';
import { type AnyColumn, and, asc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';
import { listingCalendar, listings, users } from '../../db/schema/index.ts';
import { windowOf } from '../../platform/paging.ts';

/**
 * The SQL of the public market (market.service.ts calls it): GET /market search, one listing's
 * public page, and the sitemap's listing pages. Visible means MARKET_VISIBLE (on sale or an edit in
 * review, not paused, fixed price or offers); the partial market indexes of schema/listings.ts cover
 * exactly those rows. The search follows /sale (auctions.search.repository.ts, ADR 0012/0013): each
 * filter is a clause whose SQL depends only on its key, each shape's query is built once (see
 * preparedPage for which are named prepared statements), a page reads its ids through the sort
 * index then one JSON column per row, and totals are counted only when cheap (else estimated).
 *
 * Text search (`q`): three characters or more are a substring of the domain (`domain like '%q%'`,
 * the trigram index); one or two characters cannot use a trigram index (a sequential scan of every
 * visible listing), so they mean "the name starts with" (`name like 'q%'`, the name btree with
 * text_pattern_ops) — what someone typing "ab" into a domain market most likely wants.
 */

/** Visible on the market: a literal predicate (no parameters), so the planner matches the partial indexes. */
const isVisible = sql`${listings.status} in ('on_sale', 'modification_review') and not ${listings.paused} and ${listings.mode} in ('fixed', 'offer')`;
/** Open and visible, whatever the mode: a listing's public page (seller auctions included). */
const isOpenVisible = sql`${listings.status} in ('on_sale', 'modification_review') and not ${listings.paused}`;

/** Characters under which `q` is a name prefix instead of a trigram substring. */
export const TRIGRAM_MIN = 3;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface Clause {
  key: string;
  value: string | number | string[];
  build: (v: SQLWrapper) => SQL;
}

const clause = (key: string, value: Clause['value'], build: (v: SQLWrapper) => SQL): Clause => ({ key, value, build });

/** The market's conditions beyond visibility, one clause per filter given. */
function filterClauses(query: MarketQuery): Clause[] {
  const parts: Clause[] = [];
  const q = query.q?.trim().toLowerCase();
  if (q) {
    if (q.length >= TRIGRAM_MIN)
      parts.push(clause('q', `%${escapeLike(q)}%`, (v) => sql`${listings.domain} like ${v}`));
    else parts.push(clause('prefix', `${escapeLike(q)}%`, (v) => sql`${listings.name} like ${v}`));
  }
  const tld = query.tld?.trim().toLowerCase().replace(/^\./, '');
  if (tld) parts.push(clause('tld', tld, (v) => sql`${listings.tld} = ${v}`));
  if (query.mode) parts.push(clause('mode', query.mode, (v) => sql`${listings.mode} = ${v}`));
  const bound = (key: string, column: AnyColumn, op: '>=' | '<=', value: number | undefined) => {
    if (value !== undefined) parts.push(clause(key, value, (v) => sql`${column} ${sql.raw(op)} ${v}`));
  };
  bound('minPrice', listings.priceCents, '>=', query.minPrice);
  bound('maxPrice', listings.priceCents, '<=', query.maxPrice);
  bound('minLength', listings.length, '>=', query.minLength);
  bound('maxLength', listings.length, '<=', query.maxLength);
  if (query.industry)
    parts.push(clause('industry', [query.industry], (v) => sql`${listings.industries} @> ${v}::text[]`));
  const keyword = query.keyword?.trim();
  if (keyword) {
    // As written or in lower case (keywords are matched whole; the GIN index answers an overlap).
    const forms = [...new Set([keyword, keyword.toLowerCase()])];
    parts.push(clause('keyword', forms, (v) => sql`${listings.keywords} && ${v}::text[]`));
  }
  return parts;
}

function whereOf(clauses: Clause[]): SQL {
  return and(isVisible, ...clauses.map((c) => c.build(sql.param(c.value)))) as SQL;
}

/**
 * Each sort reads its partial index: newest (listed_at, id) backwards, price (price_cents, id) —
 * offer listings without a buy-now price come last both ways —, length (length, id), name
 * (name text_pattern_ops, id: that operator class orders by `~<~`, byte order, so the sort says so).
 */
function orderFor(sort: MarketSort): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [sql`${listings.priceCents} asc`, sql`${listings.id} asc`];
    case 'price_desc':
      // As listings_market_price_desc_idx orders (both columns nulls last).
      return [sql`${listings.priceCents} desc nulls last`, sql`${listings.id} desc nulls last`];
    case 'length_asc':
      return [sql`${listings.length} asc`, sql`${listings.id} asc`];
    case 'name_asc':
      return [sql`${listings.name} using ~<~`, sql`${listings.id} asc`];
    default:
      return [sql`${listings.listedAt} desc`, sql`${listings.id} desc`];
  }
}

/** A listing as the market's list shows it (one JSON column per row, decoded by hand: ADR 0013). */
export interface MarketRow {
  id: bigint;
  domain: string;
  tld: string;
  length: number;
  mode: string;
  priceCents: number | null;
  floorCents: number | null;
  industries: string[];
  keywords: string[];
  descriptionZh: string;
  descriptionEn: string;
  logoId: bigint | null;
  listedAt: Date;
}

const optBigint = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as string));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const marketColumn =
  sql<MarketRow>`json_build_array(${listings.id}::text, ${listings.domain}, ${listings.tld}, ${listings.length},
  ${listings.mode}, ${listings.priceCents}, ${listings.floorCents}, ${listings.industries}, ${listings.keywords},
  ${listings.descriptionZh}, ${listings.descriptionEn}, ${listings.logoId}::text,
  floor(extract(epoch from ${listings.listedAt}) * 1000)::int8)`.mapWith((value): MarketRow => {
    const v = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
    return {
      id: BigInt(v[0] as string),
      domain: v[1] as string,
      tld: v[2] as string,
      length: v[3] as number,
      mode: v[4] as string,
      priceCents: num(v[5]),
      floorCents: num(v[6]),
      industries: (v[7] as string[] | null) ?? [],
      keywords: (v[8] as string[] | null) ?? [],
      descriptionZh: v[9] as string,
      descriptionEn: v[10] as string,
      logoId: optBigint(v[11]),
      listedAt: new Date(v[12] as number),
    };
  });

interface PreparedPage {
  execute(values: Record<string, unknown>): Promise<{ row: MarketRow }[]>;
}
const prepared = new WeakMap<DbOrTx, Map<string, PreparedPage>>();
/** Search shapes named and kept per database (a connection never forgets a prepared statement). */
export const PREPARED_SHAPES = 200;

/**
 * A page: the ids first (the sort index alone, an index-only scan when no filter needs the row, so
 * a deep page skips index entries, not rows), then those rows' JSON. Built as one statement the
 * caller runs or prepares.
 */
function pageQuery(db: DbOrTx, sort: MarketSort, where: SQL, limit: SQLWrapper | number, offset: SQLWrapper | number) {
  const ids = db
    .select({ id: listings.id })
    .from(listings)
    .where(where)
    .orderBy(...orderFor(sort))
    .limit(limit as number)
    .offset(offset as number)
    .as('page');
  return db
    .select({ row: marketColumn })
    .from(listings)
    .innerJoin(ids, eq(listings.id, ids.id))
    .orderBy(...orderFor(sort));
}

/**
 * The page query of one shape (sort and which clauses, values as placeholders), built once and kept.
 * Only a shape without filters is a named prepared statement (PostgreSQL may then keep one generic
 * plan: right for every page of a sort). A filtered shape runs unnamed, planned for its values each
 * time: its best plan depends on them — a rare substring wants the trigram index, a common one the
 * sort index; `tld = 'com'` with a price range wants the newest index, a rare TLD its own. Over
 * 200,000 listings on PostgreSQL 15 the generic plans (plan_cache_mode = force_generic_plan) took
 * the TLD index for `com` + a price range (30 ms; planned for the values 1.4 ms) and the newest
 * index for the rare substring 'quokka' (607 ms, reading 155,000 rows; planned: 0.3 ms).
 */
function preparedPage(db: DbOrTx, sort: MarketSort, clauses: Clause[]): PreparedPage {
  const shape = `${sort}|${clauses.map((c) => c.key).join(',')}`;
  let kept = prepared.get(db);
  if (!kept) {
    kept = new Map();
    prepared.set(db, kept);
  }
  const found = kept.get(shape);
  if (found) return found;
  const query = pageQuery(
    db,
    sort,
    and(isVisible, ...clauses.map((c) => c.build(sql.placeholder(c.key)))) as SQL,
    sql.placeholder('limit'),
    sql.placeholder('offset'),
  );
  if (kept.size >= PREPARED_SHAPES) return query as unknown as PreparedPage;
  const page =
    clauses.length === 0
      ? (query.prepare(`market_${createHash('sha1').update(shape).digest('base64url')}`) as unknown as PreparedPage)
      : (query as unknown as PreparedPage);
  kept.set(shape, page);
  return page;
}

/**
 * How long a filter's total is reused, and for how many filters (per database): an estimate a
 * minute (it moves only with the statistics, and the pages of one search agree on it, ADR 0012);
 * a count as long as the list's answers may be cached anyway (Cache-Control max-age, 30 s), so a
 * popular filter is counted twice a minute, not per request.
 */
export const ESTIMATE_TTL_MS = 60_000;
export const COUNT_TTL_MS = 30_000;
const TOTALS_KEPT = 1_000;
const estimates = new WeakMap<DbOrTx, Map<string, { total: number; estimated: boolean; until: number }>>();

function estimatesOf(db: DbOrTx) {
  let cache = estimates.get(db);
  if (!cache) {
    cache = new Map();
    estimates.set(db, cache);
  }
  return cache;
}

/** One page of the market and the number of listings matching (exact when cheap, else an estimate). */
export async function searchMarketRows(
  db: DbOrTx,
  query: MarketQuery,
  now: Date,
  limits: CountLimits = {},
): Promise<{ items: MarketRow[]; total: number; totalEstimated: boolean }> {
  const { offset } = windowOf(query);
  const clauses = filterClauses(query);
  const values: Record<string, unknown> = { limit: query.pageSize + 1, offset };
  for (const c of clauses) values[c.key] = c.value;
  const rows = await preparedPage(db, query.sort, clauses).execute(values);
  const items = rows.slice(0, query.pageSize).map((r) => r.row);
  const hasMore = rows.length > query.pageSize;
  if (!hasMore && (items.length > 0 || offset === 0)) {
    return { items, total: offset + items.length, totalEstimated: false };
  }
  const atLeast = offset + items.length + (hasMore ? 1 : 0);
  const cache = estimatesOf(db);
  const key = clauses.map((c) => `${c.key}=${JSON.stringify(c.value)}`).join('&');
  const kept = cache.get(key);
  if (kept && kept.until > now.getTime()) {
    return { items, total: Math.max(kept.total, atLeast), totalEstimated: kept.estimated };
  }
  const counted = await countOrEstimate(db, whereOf(clauses), atLeast, limits);
  cache.delete(key);
  if (cache.size >= TOTALS_KEPT) cache.delete(cache.keys().next().value as string);
  cache.set(key, {
    total: counted.totalEstimated ? counted.estimate : counted.total,
    estimated: counted.totalEstimated,
    until: now.getTime() + (counted.totalEstimated ? ESTIMATE_TTL_MS : COUNT_TTL_MS),
  });
  return { items, total: counted.total, totalEstimated: counted.totalEstimated };
}

/** Exact counts go up to this many listings, at most at this planner cost (a few milliseconds; ADR 0012). */
export const EXACT_COUNT_CAP = 10_000;
export const EXACT_COUNT_MAX_COST = 5_000;
export interface CountLimits {
  cap?: number;
  maxCost?: number;
}

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

async function countOrEstimate(
  db: DbOrTx,
  where: SQL,
  atLeast: number,
  { cap = EXACT_COUNT_CAP, maxCost = EXACT_COUNT_MAX_COST }: CountLimits,
): Promise<{ total: number; totalEstimated: boolean; estimate: number }> {
  const capped = sql`select count(*)::int as n from (select 1 from ${listings} where ${where} limit ${sql.raw(String(cap + 1))}) as matching`;
  const explained = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    await db.execute(sql`explain (format json) ${capped}`),
  );
  const json = explained[0]?.['QUERY PLAN'];
  const plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
  let estimate = planRowsUnderLimit(plan) ?? atLeast;
  if (estimate <= cap && plan['Total Cost'] <= maxCost) {
    const counted = rowsOf<{ n: number }>(await db.execute(capped));
    const n = Number(counted[0]?.n ?? 0);
    if (n <= cap) return { total: n, totalEstimated: false, estimate };
    estimate = Math.max(estimate, n);
  }
  const rounded = roundEstimate(estimate);
  return { total: Math.max(rounded, atLeast), totalEstimated: true, estimate: rounded };
}

function planRowsUnderLimit(node: PlanNode): number | undefined {
  if (node['Node Type'] === 'Limit') return node.Plans?.[0]?.['Plan Rows'];
  for (const child of node.Plans ?? []) {
    const rows = planRowsUnderLimit(child);
    if (rows !== undefined) return rows;
  }
  return undefined;
}

/** One open listing's public page: the row, the seller's account number and the next calendar price. */
export interface MarketDetailRow {
  listing: typeof listings.$inferSelect;
  sellerAccountNo: string;
  nextPrice: { date: string; priceCents: number } | null;
}

/** The open, visible listing of `domain` (any mode: a seller auction's page links its lot), or undefined. */
export async function findMarketListing(db: DbOrTx, domain: string): Promise<MarketDetailRow | undefined> {
  const [found] = await db
    .select({ listing: listings, sellerAccountNo: users.accountNo })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(and(eq(listings.domain, domain), isOpenVisible))
    .limit(1);
  if (!found) return undefined;
  const [next] = await db
    .select({ date: listingCalendar.date, priceCents: listingCalendar.priceCents })
    .from(listingCalendar)
    .where(and(eq(listingCalendar.listingId, found.listing.id), isNull(listingCalendar.appliedAt)))
    .orderBy(asc(listingCalendar.effectiveAt), asc(listingCalendar.id))
    .limit(1);
  return { ...found, nextPrice: next ?? null };
}

/**
 * The sitemap's listing pages (every public page: open visible listings of any mode) by id (stable as listings come and go), `perFile`
 * to a file; the newest update of each file.
 */
export async function sitemapMarketFileRows(db: DbOrTx, perFile: number): Promise<Date[]> {
  const rows = rowsOf<{ file: string; lastmod: Date | string }>(
    await db.execute(sql`
      select (n - 1) / ${perFile}::bigint as file, max(updated_at) as lastmod
      from (select ${listings.updatedAt} as updated_at, row_number() over (order by ${listings.id}) as n
            from ${listings} where ${isOpenVisible}) numbered
      group by 1 order by 1`),
  );
  return rows.map((r) => new Date(r.lastmod));
}

/** One file of the sitemap's listing pages: `limit` open visible listings by id after the first `offset`. */
export async function sitemapMarketRows(
  db: DbOrTx,
  offset: number,
  limit: number,
): Promise<{ domain: string; updatedAt: Date }[]> {
  return db
    .select({ domain: listings.domain, updatedAt: listings.updatedAt })
    .from(listings)
    .where(isOpenVisible)
    .orderBy(asc(listings.id))
    .limit(limit)
    .offset(offset);
}

/**
 * EXPLAIN (ANALYZE) of a search's page query with its values bound, as the planner plans it for
 * those values (the bench prints it for each shape on both engines).
 */
export async function explainMarketPage(db: DbOrTx, query: MarketQuery): Promise<string[]> {
  const { offset } = windowOf(query);
  const page = pageQuery(db, query.sort, whereOf(filterClauses(query)), query.pageSize + 1, offset).getSQL();
  const rows = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, buffers) ${page}`));
  return rows.map((r) => r['QUERY PLAN']);
}

/** One more view of a listing's public page (a single-row update; nothing else of the row changes). */
export async function incrementListingViews(db: DbOrTx, listingId: bigint): Promise<void> {
  await db
    .update(listings)
    .set({ views: sql`${listings.views} + 1` })
    .where(eq(listings.id, listingId));
}
