/**
 * Market benchmark (issue 16): GET /api/market over 200,000 visible listings (+ hidden ones) on
 * PostgreSQL and PGlite. Prints figures, never fails a build. For each engine
 * (BENCH_MARKET_ENGINES, default `postgres,pglite`) it fills a scratch database set-based
 * (PostgreSQL: a new database on BENCH_PG_URL, dropped afterwards; PGlite: a temp DATA_DIR), runs
 * ANALYZE, prints each shape's plan (EXPLAIN ANALYZE, the repository's own SQL with the values
 * bound), then starts the real server on it in a child process (buildApp + listen: this file with
 * `--serve`) and measures each search shape over HTTP: the p50 of one client alone, then
 * BENCH_MARKET_CLIENTS concurrent clients for BENCH_SECONDS: requests/s, p50, p95, p99 (target
 * p95 ≤ 30 ms on PostgreSQL).
 * Knobs: BENCH_MARKET_LISTINGS (200,000), BENCH_MARKET_HIDDEN (20,000), BENCH_SECONDS (4),
 * BENCH_MARKET_CLIENTS (8), BENCH_MARKET_ONLY (a regular expression: the shapes whose label matches), BENCH_EXPLAIN=0 (no plans), BENCH_EXPLAIN=full (whole plans, not the
 * top lines), BENCH_MARKET_KEEP_DB=1, BENCH_NODE_ARGS.
 * Run: `npx tsx scripts/bench-market.ts` (no build needed: the child runs the sources through tsx).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MarketQuerySchema } from '@namebourse/contract';
import { sql as drizzleSql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase, pgliteDirFor } from '../apps/server/src/db/open-database.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { createUser } from '../apps/server/src/modules/account/account.service.ts';
import { explainMarketPage } from '../apps/server/src/modules/listings/market.repository.ts';
import { createClock, SystemClock } from '../apps/server/src/platform/clock.ts';
import { Client, quantile } from './bench-client.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VISIBLE = Number(process.env.BENCH_MARKET_LISTINGS ?? 200_000);
const HIDDEN = Number(process.env.BENCH_MARKET_HIDDEN ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CLIENTS = Number(process.env.BENCH_MARKET_CLIENTS ?? 8);
const EXPLAIN = process.env.BENCH_EXPLAIN ?? '1';
const ENGINES = (process.env.BENCH_MARKET_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim());
const TARGET_P95_MS = 30;

/** The search shapes measured: label and query string (BENCH_MARKET_ONLY: a regular expression on the labels). */
const ALL_SHAPES: { label: string; qs: string }[] = [
  { label: 'no filter, newest', qs: '' },
  { label: 'price range, price_asc', qs: 'minPrice=10000&maxPrice=50000&sort=price_asc' },
  { label: 'price ≥ $2,000, price_desc', qs: 'minPrice=200000&sort=price_desc' },
  { label: 'tld io, price_asc', qs: 'tld=io&sort=price_asc' },
  { label: 'tld com + price range, newest', qs: 'tld=com&minPrice=5000&maxPrice=20000' },
  { label: 'q "shop" (common)', qs: 'q=shop' },
  { label: 'q "com" (a third of all)', qs: 'q=com' },
  { label: 'q "quokka" (rare)', qs: 'q=quokka' },
  { label: 'q "zzq" (none)', qs: 'q=zzq' },
  { label: 'q "sh" (2 chars: name prefix)', qs: 'q=sh' },
  { label: 'industry finance', qs: 'industry=finance' },
  { label: 'keyword "cart"', qs: 'keyword=cart' },
  { label: 'length 4–6, length_asc', qs: 'minLength=4&maxLength=6&sort=length_asc' },
  { label: 'length 10–12, newest', qs: 'minLength=10&maxLength=12' },
  { label: 'name_asc', qs: 'sort=name_asc' },
  { label: 'page 500 of 20 (offset 9,980)', qs: 'page=500' },
];
const ONLY = process.env.BENCH_MARKET_ONLY ? new RegExp(process.env.BENCH_MARKET_ONLY) : null;
const SHAPES = ONLY ? ALL_SHAPES.filter((s) => ONLY.test(s.label)) : ALL_SHAPES;

const WORDS = (
  'shop cart cloud data byte pixel code mind brain coin pay fund cash vault chain token mint learn study ' +
  'tutor care vital trip tour hotel chef taste bake play quest arena studio stream film home estate nest ' +
  'auto motor drive style wear sport goal law legal solar volt power ship cargo route brand promo growth ' +
  'nova zen bloom echo orbit prime apex luna hub lab go now base works box zone pro one smart fast bright'
).split(' ');
const INDUSTRIES = [
  'technology',
  'ai',
  'finance',
  'blockchain',
  'ecommerce',
  'education',
  'health',
  'travel',
  'food',
  'games',
  'media',
  'real_estate',
  'automotive',
  'fashion',
  'sports',
  'legal',
  'energy',
  'logistics',
  'marketing',
  'other',
];

const arr = (items: string[]) => `array[${items.map((w) => `'${w}'`).join(',')}]::text[]`;
const fmt = (ms: number) => (Number.isNaN(ms) ? '' : ms.toFixed(1)).padStart(6);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

type Query = <T>(text: string) => Promise<T[]>;
const queryOf =
  (database: Database): Query =>
  async <T>(text: string) =>
    rowsOf<T>(await database.db.execute(drizzleSql.raw(text)));

/**
 * Five sellers; VISIBLE listings on sale (names of two words and a unique tail of letters — a tenth
 * short letter names —, weighted TLDs, 1–2 industries, the words as keywords, prices skewed low, a
 * quarter offers with half of them priceless, listed over 120 days; 25 of them contain "quokka"),
 * and HIDDEN others (pending, paused, seller auctions, off the shelf, sold, expired), set-based.
 */
async function seed(database: Database, query: Query): Promise<void> {
  const clock = new SystemClock();
  const sellers: string[] = [];
  for (let i = 0; i < 5; i++) {
    const u = await createUser(database.db, clock, {
      email: `seller${i}@bench.example.com`,
      password: 'Bench-Passw0rd',
      nickname: `s${i}`,
    });
    sellers.push(String(u.id));
  }
  const total = VISIBLE + HIDDEN;
  await query(`
    insert into listings (user_id, domain, name, tld, length, source, mode, status, paused, paused_reason,
      price_cents, floor_cents, start_price_cents, industries, keywords, description_zh, description_en,
      end_option, submitted_at, listed_at, created_at, updated_at)
    select s.seller, s.name || '.' || s.tld, s.name, s.tld, length(s.name), 'external', s.mode, s.status, s.paused,
      case when s.paused then 'seller' end,
      case when s.mode = 'auction' or (s.mode = 'offer' and s.i % 2 = 0) then null else s.price end,
      case when s.mode = 'offer' then greatest(300, s.price / 3) end,
      case when s.mode = 'auction' then greatest(300, s.price / 5) end,
      s.industries, array[s.w1, s.w2], s.name || ' 是一个好记的域名。', 'A memorable name: ' || s.name || '.',
      'long_term', s.listed - interval '1 hour', case when s.status <> 'pending_review' then s.listed end,
      s.listed - interval '1 hour', s.listed
    from (
      select i, w1, w2,
        (${arr(sellers)})[1 + i % ${sellers.length}]::bigint as seller,
        case when i % 10 = 0 then translate(to_hex(i), '0123456789', 'ghijklmnop')
             when i <= ${VISIBLE} and i % 8000 = 7 then w1 || 'quokka' || translate(to_hex(i), '0123456789', 'ghijklmnop')
             else w1 || w2 || translate(to_hex(i), '0123456789', 'ghijklmnop') end as name,
        (array['com','com','com','com','com','com','com','net','net','cn','cn','io','io','ai','co','org','xyz','top','app','shop'])[1 + (i * 7) % 20] as tld,
        case when i > ${VISIBLE} and i % 6 = 2 then 'auction' when i % 4 = 1 then 'offer' else 'fixed' end as mode,
        case when i <= ${VISIBLE} then 'on_sale'
             else (array['pending_review','on_sale','on_sale','off_shelf','sold','expired'])[1 + i % 6] end as status,
        i > ${VISIBLE} and i % 6 = 1 as paused,
        (500 + floor(power(random(), 3) * 5000000))::bigint as price,
        case when i % 3 = 0 then array[ind1, ind2] else array[ind1] end as industries,
        now() - random() * interval '120 days' as listed
      from (
        select i,
          (${arr(WORDS)})[1 + floor(random() * ${WORDS.length})::int] as w1,
          (${arr(WORDS)})[1 + floor(random() * ${WORDS.length})::int] as w2,
          (${arr(INDUSTRIES)})[1 + floor(random() * ${INDUSTRIES.length})::int] as ind1,
          (${arr(INDUSTRIES)})[1 + floor(random() * ${INDUSTRIES.length})::int] as ind2
        from generate_series(1, ${total}) as i
      ) g
    ) s`);
}

function pathOf(qs: string): string {
  return `/api/market?${qs ? `${qs}&` : ''}pageSize=20`;
}

async function explainAll(database: Database, engine: string): Promise<void> {
  if (EXPLAIN === '0') return;
  console.log(`\n   plans on ${engine} (EXPLAIN ANALYZE of the page query, values bound):`);
  for (const s of SHAPES) {
    const query = MarketQuerySchema.parse({ pageSize: 20, ...Object.fromEntries(new URLSearchParams(s.qs)) });
    const plan = await explainMarketPage(database.db, query);
    const time = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
    const shown =
      EXPLAIN === 'full' ? plan : plan.filter((l) => /Scan|Sort|Limit|Filter|Cond|Rows Removed/.test(l)).slice(0, 6);
    console.log(`   ── ${s.label}: ${time}`);
    for (const line of shown) console.log(`      ${line}`);
  }
}

interface Load {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function load(client: Client, paths: string[], seconds: number): Promise<Load> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, k) => {
      let n = k;
      while (Date.now() < end) {
        const t = performance.now();
        const res = await client.request('GET', paths[n++ % paths.length] as string);
        latencies.push(performance.now() - t);
        if (res.status !== 200) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

async function alone(client: Client, path: string, n = 20): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await client.request('GET', path);
    latencies.push(performance.now() - t);
  }
  return quantile(
    latencies.sort((a, b) => a - b),
    0.5,
  );
}

const row = (label: string, total: string, single: number, l: Load) =>
  `   ${label.padEnd(34)} ${total.padStart(9)} ${fmt(single)} ${(l.requests / l.seconds).toFixed(0).padStart(6)} ` +
  `${fmt(l.p50)} ${fmt(l.p95)} ${fmt(l.p99)}  ${l.errors}`;

async function benchHttp(base: string, engine: string): Promise<void> {
  const client = new Client(base, '10.9.0.1');
  const paths = SHAPES.map((s) => pathOf(s.qs));
  await load(client, paths, Math.min(3, SECONDS));
  console.log(
    `\n   GET /api/market on ${engine}, ${CLIENTS} concurrent clients, ${SECONDS} s per shape (load average ${loadavg()})`,
  );
  console.log(
    `   ${'shape'.padEnd(34)} ${'total'.padStart(9)} ${'alone'.padStart(6)} ${'req/s'.padStart(6)} ` +
      `${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}  errors   (ms; alone: p50 of one client; ~: estimated)`,
  );
  let worst = 0;
  for (const [i, s] of SHAPES.entries()) {
    const first = await client.request('GET', paths[i] as string);
    const data = (first.json as { data?: { total?: number; totalEstimated?: boolean } } | null)?.data;
    const total =
      first.status === 200 ? `${data?.totalEstimated ? '~' : ''}${data?.total ?? '?'}` : `HTTP ${first.status}`;
    const single = await alone(client, paths[i] as string);
    const l = await load(client, [paths[i] as string], SECONDS);
    worst = Math.max(worst, l.p95);
    console.log(row(s.label, total, single, l));
  }
  const mixed = await load(client, paths, SECONDS);
  worst = Math.max(worst, mixed.p95);
  console.log(row('all shapes in turn', '', Number.NaN, mixed));
  console.log(
    `   worst p95 ${worst.toFixed(1)} ms (target ≤ ${TARGET_P95_MS} ms on PostgreSQL${worst > TARGET_P95_MS ? `: over by ${(worst - TARGET_P95_MS).toFixed(1)} ms` : ''}); load average ${loadavg()}`,
  );
}

/** The server in a child process: this file with --serve (buildApp + listen on the given database). */
async function startServer(dir: string, databaseUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = 4080 + Math.floor(Math.random() * 200);
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'scripts/bench-market.ts', '--serve'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'development',
        SEED_DEMO: '0',
        SWEEP_INTERVAL_MS: '0',
        RATE_LIMIT_API_MAX: '0',
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {}
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function serve(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  const app = await buildApp({ config, database, clock: createClock(config.clock) });
  await app.listen({ port: config.port, host: config.host });
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

const seededLine = (seconds: number) =>
  `seeded ${VISIBLE.toLocaleString('en-US')} visible listings (+${HIDDEN.toLocaleString('en-US')} hidden) in ${seconds.toFixed(1)} s`;

async function onPostgres(): Promise<void> {
  const name = `nb_bench_market_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-market-'));
  let database: Database | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const t0 = performance.now();
    const query = queryOf(database);
    await seed(database, query);
    await query('vacuum (analyze) listings');
    console.log(`\nmarket bench on PostgreSQL (database ${name}): ${seededLine((performance.now() - t0) / 1000)}`);
    await explainAll(database, 'PostgreSQL');
    server = await startServer(dir, url.toString());
    await benchHttp(server.url, 'PostgreSQL');
  } finally {
    await server?.stop();
    await database?.close();
    if (process.env.BENCH_MARKET_KEEP_DB === '1') console.log(`   kept the database: ${url}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPglite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-market-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // PGlite is one process's: seed it and explain, close it, then start the server on the same DATA_DIR.
    const t0 = performance.now();
    const database = await openDatabase({ pgliteDir: pgliteDirFor(dir) });
    const query = queryOf(database);
    await seed(database, query);
    await query('vacuum (analyze) listings');
    console.log(`\nmarket bench on the embedded PGlite (${dir}): ${seededLine((performance.now() - t0) / 1000)}`);
    await explainAll(database, 'PGlite');
    await database.close();
    server = await startServer(dir, '');
    await benchHttp(server.url, 'PGlite');
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  for (const engine of ENGINES) {
    try {
      if (engine === 'postgres') await onPostgres();
      else if (engine === 'pglite') await onPglite();
      else console.log(`unknown engine ${engine} (postgres, pglite)`);
    } catch (err) {
      // A benchmark never fails the build: say what went wrong and go on.
      console.log(`market bench on ${engine} stopped: ${(err as Error).stack ?? err}`);
    }
  }
}

await main();
