/**
 * My domains benchmarks (issue 15), run by `npm run bench` after the auction figures. Prints
 * figures, never fails a build. For each engine (BENCH_DOMAINS_ENGINES, default `postgres,pglite`)
 * it seeds one user with 10,000 domains (and other users with 90,000 more, so that the user's rows
 * are a part of the table), starts the built server on that database and measures:
 *   1. GET /api/domains with filters (the unfiltered first page, keyword, status, tld + expiring
 *      within 90 days sorted by expiry, group, lock, the last page of 50): requests/s, p50/p95/p99
 *      of BENCH_DOMAINS_CLIENTS concurrent clients for BENCH_SECONDS each (target p95 ≤ 50 ms);
 *   2. POST /api/domains/batch `lock` of 500 open domains: request-to-answer time over
 *      BENCH_DOMAINS_BATCH_RUNS runs, each on 500 other domains (target ≤ 2 s, 500 succeeded).
 * PostgreSQL: a fresh database on BENCH_PG_URL's server (default the local one, trust auth), dropped
 * afterwards; there the bench also prints each list query's EXPLAIN ANALYZE execution time
 * (BENCH_EXPLAIN=1: the plans). PGlite: a temp DATA_DIR seeded before the server starts on it.
 * Knobs: BENCH_DOMAINS_PARTS (default `list,batch`), BENCH_SECONDS (5), BENCH_DOMAINS_CLIENTS (8),
 * BENCH_DOMAINS_BATCH_RUNS (5), BENCH_DOMAINS_OTHERS (90,000), BENCH_DOMAINS_KEEP_DB=1 (keep the PostgreSQL
 * database for a look afterwards), BENCH_WRK, BENCH_NODE_ARGS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql as drizzleSql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, pgliteDirFor } from '../apps/server/src/db/open-database.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { createUser } from '../apps/server/src/modules/account/account.service.ts';
import { SystemClock } from '../apps/server/src/platform/clock.ts';
import { DOMAIN_RULES } from '../packages/contract/src/domains.values.ts';
import { Client, quantile } from './bench-client.ts';
import { findWrk, getScript, runWrk } from './bench-wrk.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_DOMAINS_CLIENTS ?? 8);
const BATCH_RUNS = Number(process.env.BENCH_DOMAINS_BATCH_RUNS ?? 5);
const OTHERS = Number(process.env.BENCH_DOMAINS_OTHERS ?? 90_000);
const USER_DOMAINS = 10_000;
const GROUPS = 20;
const BATCH = DOMAIN_RULES.batchMax;
const WRK = process.env.BENCH_WRK === '0' ? null : findWrk();
const PARTS = new Set((process.env.BENCH_DOMAINS_PARTS ?? 'list,batch').split(',').map((p) => p.trim()));
const ENGINES = (process.env.BENCH_DOMAINS_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim());
const EMAIL = 'holder@bench.example.com';
const PASSWORD = 'Bench-Passw0rd';

/** A way to run SQL on the seeded database (the bench's own seeding and checks, never the server's path). */
type Query = <T>(text: string) => Promise<T[]>;

function queryOf(database: Database): Query {
  return async <T>(text: string) => rowsOf<T>(await database.db.execute(drizzleSql.raw(text)));
}

function dbUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The holder (10,000 domains in 20 groups) and nine other users (the rest of the table), inserted
 * set-based. Each domain: a TLD of a weighted list, an expiry spread over two years from a month
 * ago (already expired → in_redemption, within 60 days → renewable, else normal), the transfer lock
 * open for ~45%, settled (no operation in flight), ~80% grouped, ~5% listed for sale.
 */
async function seed(database: Database, query: Query): Promise<{ userId: string; groupIds: string[] }> {
  const clock = new SystemClock();
  const holder = await createUser(database.db, clock, { email: EMAIL, password: PASSWORD, nickname: 'holder' });
  const owners = [String(holder.id)];
  const others = Math.max(0, Math.ceil(OTHERS / USER_DOMAINS));
  for (let i = 0; i < others; i++) {
    const u = await createUser(database.db, clock, {
      email: `other${i}@bench.example.com`,
      password: PASSWORD,
      nickname: `o${i}`,
    });
    owners.push(String(u.id));
  }
  await query(
    `insert into domain_groups (user_id, name, description, created_at, updated_at)
     select u, 'Group ' || g, '', now(), now()
     from unnest(array[${owners.join(',')}]::bigint[]) as u, generate_series(1, ${GROUPS}) as g`,
  );
  for (const [k, owner] of owners.entries()) {
    const count = k === 0 ? USER_DOMAINS : Math.min(USER_DOMAINS, OTHERS - (k - 1) * USER_DOMAINS);
    if (count <= 0) continue;
    await query(
      `insert into domains (user_id, name, tld, registrar, status, lock_status, registered_at, expires_at,
         acquired_at, group_id, notes, transfer_out_allowed_from, listed, created_at, updated_at)
       select ${owner}, s.n || '.' || s.tld, s.tld, 'NameBourse Registrar Simulator',
         case when s.e < now() then 'in_redemption' when s.e < now() + interval '60 days' then 'renewable' else 'normal' end,
         case when random() < 0.45 then 'open' else 'closed' end,
         s.e - (1 + floor(random() * 5)) * interval '1 year', s.e, s.a,
         case when random() < 0.8 then s.groups[1 + s.i % ${GROUPS}] end,
         case when random() < 0.1 then 'note ' || s.i end,
         s.a + interval '60 days', random() < 0.05, s.a, s.a
       from (
         select i,
           translate(substr(md5(${k} || '-' || i), 1, 3 + i % 8), '0123456789', 'ghijklmnop') || (${k * USER_DOMAINS} + i) as n,
           (array['com','com','com','com','net','net','org','cn','io','xyz','top','cc','ai','co','com.cn','net.cn'])[1 + (i * 7) % 16] as tld,
           now() - interval '30 days' + random() * interval '730 days' as e,
           now() - random() * interval '700 days' as a,
           (select array_agg(id order by id) from domain_groups where user_id = ${owner}) as groups
         from generate_series(1, ${count}) as i
       ) s`,
    );
  }
  const groups = await query<{ id: string }>(
    `select id::text as id from domain_groups where user_id = ${holder.id} order by id`,
  );
  return { userId: String(holder.id), groupIds: groups.map((g) => g.id) };
}

async function startServer(
  dir: string,
  databaseUrl: string,
): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = 3980 + Math.floor(Math.random() * 9);
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development',
      SEED_DEMO: '0',
      // No sweeper: the seeded locks stay settled, and operations a batch starts stay pending.
      SWEEP_INTERVAL_MS: '0',
      RATE_LIMIT_API_MAX: '0',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function signIn(base: string): Promise<Client> {
  const client = new Client(base, '10.8.0.1');
  await client.request('GET', '/api/account/csrf');
  const login = await client.request('POST', '/api/account/login', { email: EMAIL, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  return client;
}

interface Load {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** CLIENTS concurrent requests of `paths` (in turn) for `seconds`: wrk when installed, else Node.js clients. */
async function load(client: Client, paths: string[], seconds: number, dir: string): Promise<Load> {
  if (WRK) {
    return runWrk(WRK, client.base, getScript(paths, [client.identity]), { connections: CLIENTS, seconds, dir });
  }
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
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: elapsed,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

type PageBody = { data?: { total?: number; items?: unknown[] } };

/** The list's filter mixes: label and query string. */
function listQueries(groupId: string): { label: string; qs: string }[] {
  return [
    { label: 'first page, no filter', qs: 'page=1&pageSize=20' },
    { label: 'keyword "ab"', qs: 'keyword=ab&page=1&pageSize=20' },
    { label: 'status renewable', qs: 'status=renewable&page=1&pageSize=20' },
    { label: 'tld net, ≤ 90 days, expires_asc', qs: 'tld=net&expiringWithinDays=90&sort=expires_asc&pageSize=20' },
    { label: 'group', qs: `groupId=${groupId}&page=1&pageSize=20` },
    { label: 'lock open', qs: 'lock=open&page=1&pageSize=20' },
    { label: 'page 200 of 50 (the last)', qs: 'page=200&pageSize=50' },
  ];
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '' : ms.toFixed(1)).padStart(6);

/** The machine's load (figures on a shared machine say how busy it was). */
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The p50 of `n` requests one at a time (the latency without queueing behind other clients). */
async function alone(client: Client, path: string, n = 30): Promise<number> {
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

function row(label: string, matches: string, single: number, l: Load): string {
  return (
    `   ${label.padEnd(34)} ${matches.padStart(7)} ${fmt(single)} ${(l.requests / l.seconds).toFixed(0).padStart(7)} ` +
    `${fmt(l.p50)} ${fmt(l.p95)} ${fmt(l.p99)}  ${l.errors}`
  );
}

async function benchList(client: Client, groupId: string, dir: string): Promise<void> {
  const queries = listQueries(groupId);
  const paths = queries.map((q) => `/api/domains?${q.qs}`);
  // Warm-up: every mix, a few seconds (JIT, pool connections, caches).
  await load(client, paths, Math.min(3, SECONDS), dir);
  console.log(
    `   ${'query'.padEnd(34)} ${'matches'.padStart(7)} ${'alone'.padStart(6)} ${'req/s'.padStart(7)} ` +
      `${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}  errors   (ms; alone: p50 of one client)`,
  );
  // For scale: the lightest signed-in request, with the same clients on the same machine now.
  const unread = '/api/messages/unread-count';
  console.log(
    row('(for scale) GET unread-count', '', await alone(client, unread), await load(client, [unread], SECONDS, dir)),
  );
  let worst = 0;
  for (const [i, q] of queries.entries()) {
    const first = await client.request('GET', paths[i] as string);
    const total = (first.json as PageBody)?.data?.total;
    const matches = first.status === 200 ? String(total ?? '?') : `HTTP ${first.status}`;
    const single = await alone(client, paths[i] as string);
    const l = await load(client, [paths[i] as string], SECONDS, dir);
    worst = Math.max(worst, l.p95);
    console.log(row(q.label, matches, single, l));
  }
  const mixed = await load(client, paths, SECONDS, dir);
  worst = Math.max(worst, mixed.p95);
  console.log(row('all mixes in turn', '', Number.NaN, mixed));
  console.log(
    `   worst p95 ${worst.toFixed(1)} ms (target ≤ 50 ms${worst > 50 ? `: missed by ${(worst - 50).toFixed(1)} ms` : ''})`,
  );
}

/**
 * EXPLAIN ANALYZE of the list's two statements (page and count) per mix, as the repository writes
 * them (listUserDomains: the page's ids first, then their rows), on PostgreSQL: execution times,
 * and the plans with BENCH_EXPLAIN=1.
 */
async function explainList(sql: pg.Pool, userId: string, groupId: string): Promise<void> {
  const cols = 'x.*, g.name as group_name';
  const mixes: { label: string; where: string; order: string; limit: number; offset: number }[] = [
    { label: 'first page, no filter', where: '', order: 'd.acquired_at desc, d.id desc', limit: 20, offset: 0 },
    {
      label: 'keyword "ab"',
      where: `and d.name ilike '%ab%'`,
      order: 'd.acquired_at desc, d.id desc',
      limit: 20,
      offset: 0,
    },
    {
      label: 'status renewable',
      where: `and d.status = 'renewable'`,
      order: 'd.acquired_at desc, d.id desc',
      limit: 20,
      offset: 0,
    },
    {
      label: 'tld net, ≤ 90 days, expires_asc',
      where: `and d.tld = 'net' and d.expires_at <= now() + interval '90 days'`,
      order: 'd.expires_at asc nulls last, d.id asc',
      limit: 20,
      offset: 0,
    },
    {
      label: 'group',
      where: `and d.group_id = ${groupId}`,
      order: 'd.acquired_at desc, d.id desc',
      limit: 20,
      offset: 0,
    },
    {
      label: 'lock open',
      where: `and d.lock_status = 'open'`,
      order: 'd.acquired_at desc, d.id desc',
      limit: 20,
      offset: 0,
    },
    { label: 'page 200 of 50 (the last)', where: '', order: 'd.acquired_at desc, d.id desc', limit: 50, offset: 9950 },
  ];
  const time = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
  console.log(`   EXPLAIN ANALYZE execution time (page statement / count statement), PostgreSQL:`);
  for (const m of mixes) {
    const page = await sql.query(
      `explain (analyze, buffers) select ${cols} from (select d.id from domains d where d.user_id = ${userId} ${m.where}
         order by ${m.order} limit ${m.limit} offset ${m.offset}) p join domains x on x.id = p.id
       left join domain_groups g on g.id = x.group_id order by ${m.order.replaceAll('d.', 'x.')}`,
    );
    const count = await sql.query(
      `explain (analyze, buffers) select count(*)::int from domains d where d.user_id = ${userId} ${m.where}`,
    );
    const pagePlan = page.rows.map((r) => r['QUERY PLAN']).join('\n');
    const countPlan = count.rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(`   ${m.label.padEnd(34)} ${fmt(time(pagePlan))} / ${fmt(time(countPlan))} ms`);
    if (process.env.BENCH_EXPLAIN === '1') console.log(`${pagePlan}\n${countPlan}\n`);
  }
  // The deep page as it was read before commit 982a808 (whole rows joined and sorted, then the
  // offset), for comparison with the ids-first statement above.
  const whole = await sql.query(
    `explain (analyze, buffers) select d.*, g.name as group_name from domains d
     left join domain_groups g on g.id = d.group_id where d.user_id = ${userId}
     order by d.acquired_at desc, d.id desc limit 50 offset 9950`,
  );
  const latePlan = whole.rows.map((r) => r['QUERY PLAN']).join('\n');
  console.log(`   ${'page 200 of 50, whole rows (before)'.padEnd(34)} ${fmt(time(latePlan))}`);
  if (process.env.BENCH_EXPLAIN === '1') console.log(`${latePlan}\n`);
}

async function benchBatch(
  client: Client,
  openNames: (offset: number) => Promise<string[]>,
  settle: () => Promise<string>,
): Promise<void> {
  const times: number[] = [];
  const lines: string[] = [];
  for (let run = 0; run < BATCH_RUNS; run++) {
    const names = await openNames(run * BATCH);
    if (names.length < BATCH) {
      lines.push(`   run ${run + 1}: only ${names.length} open domains left, stopped`);
      break;
    }
    const started = performance.now();
    const res = await client.request('POST', '/api/domains/batch', { action: 'lock', names });
    const ms = performance.now() - started;
    times.push(ms);
    const data = (res.json as { data?: { succeeded?: string[]; failed?: { code: string }[] } } | null)?.data;
    const succeeded = data?.succeeded?.length ?? 0;
    const failed = data?.failed?.length ?? 0;
    const note = await settle();
    lines.push(
      `   run ${run + 1}: ${ms.toFixed(0).padStart(5)} ms  HTTP ${res.status}  succeeded ${succeeded}, failed ${failed}` +
        `${succeeded === BATCH ? '' : '  ← expected 500 succeeded'}${note ? `  (${note})` : ''}`,
    );
  }
  for (const line of lines) console.log(line);
  const sorted = [...times].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const max = sorted[sorted.length - 1] ?? Number.NaN;
  console.log(
    `   median ${(median / 1000).toFixed(2)} s, max ${(max / 1000).toFixed(2)} s over ${times.length} runs (target ≤ 2 s${max > 2000 ? `: missed by ${((max - 2000) / 1000).toFixed(2)} s` : ''})`,
  );
}

const LOCKABLE = `lock_status = 'open' and status in ('normal', 'renewable') and pending_operation is null`;

async function onPostgres(): Promise<void> {
  const name = `nb_bench_domains_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = dbUrl(name);
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-domains-'));
  let database: Database | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const sql = new pg.Pool({ connectionString: url, max: 2 });
  sql.on('error', () => {});
  const keep = process.env.BENCH_DOMAINS_KEEP_DB === '1';
  try {
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const t0 = performance.now();
    const { userId, groupIds } = await seed(database, queryOf(database));
    await sql.query('vacuum (analyze) domains, domain_groups');
    await sql.query('checkpoint');
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    server = await startServer(dir, url);
    console.log(`\nmy domains bench on PostgreSQL (database ${name}): ${server.url}`);
    console.log(
      `seeded ${USER_DOMAINS.toLocaleString('en-US')} domains of the user (+${OTHERS.toLocaleString('en-US')} of others) in ${seconds} s; ` +
        `${WRK ? `load: wrk, ${CLIENTS} connections` : `load: ${CLIENTS} Node.js clients`}, ${SECONDS} s per query; ` +
        `load average ${loadavg()}`,
    );
    const client = await signIn(server.url);
    const groupId = groupIds[3] as string;
    if (PARTS.has('list')) {
      console.log('\n1. GET /api/domains, one user with 10,000 domains');
      await benchList(client, groupId, dir);
      await explainList(sql, userId, groupId);
    }
    if (PARTS.has('batch')) {
      console.log(`\n2. POST /api/domains/batch lock of ${BATCH} open domains`);
      const pool = await sql.query(
        `select name from domains where user_id = ${userId} and ${LOCKABLE} order by name limit ${BATCH * BATCH_RUNS}`,
      );
      const all = pool.rows.map((r) => r.name as string);
      await benchBatch(
        client,
        async (offset) => all.slice(offset, offset + BATCH),
        async () => {
          // Operations past the inline limit are submitted after the answer: wait until all have a
          // ticket so that the next run does not share the machine with them.
          const started = performance.now();
          for (let i = 0; i < 600; i++) {
            const left = await sql.query(
              `select count(*)::int as n from domain_operations where status = 'pending' and ticket is null`,
            );
            if (left.rows[0].n === 0) break;
            await new Promise((r) => setTimeout(r, 100));
          }
          const closing = await sql.query(
            `select count(*)::int as n from domains where user_id = ${userId} and lock_status = 'closing'`,
          );
          return `all submitted to the registrar ${((performance.now() - started) / 1000).toFixed(1)} s after the answer; ${closing.rows[0].n} closing in all`;
        },
      );
    }
    console.log(`   load average at the end: ${loadavg()}`);
  } finally {
    await server?.stop();
    await sql.end();
    await database?.close();
    if (keep) console.log(`   kept the database: ${url}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPglite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-domains-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // PGlite is one process's: seed it, close it, then start the server on the same DATA_DIR.
    const t0 = performance.now();
    const database = await openDatabase({ pgliteDir: pgliteDirFor(dir) });
    const query = queryOf(database);
    const { groupIds } = await seed(database, query);
    await query('vacuum (analyze) domains, domain_groups');
    const [holder] = await query<{ id: string }>(`select id::text as id from users where email = '${EMAIL}'`);
    const all = (
      await query<{ name: string }>(
        `select name from domains where user_id = ${holder?.id} and ${LOCKABLE} order by name limit ${BATCH * BATCH_RUNS}`,
      )
    ).map((r) => r.name);
    await database.close();
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    server = await startServer(dir, '');
    console.log(`\nmy domains bench on the embedded PGlite (${dir}): ${server.url}`);
    console.log(
      `seeded ${USER_DOMAINS.toLocaleString('en-US')} domains of the user (+${OTHERS.toLocaleString('en-US')} of others) in ${seconds} s; ` +
        `${WRK ? `load: wrk, ${CLIENTS} connections` : `load: ${CLIENTS} Node.js clients`}, ${SECONDS} s per query; ` +
        `load average ${loadavg()}`,
    );
    const client = await signIn(server.url);
    if (PARTS.has('list')) {
      console.log('\n1. GET /api/domains, one user with 10,000 domains');
      await benchList(client, groupIds[3] as string, dir);
    }
    if (PARTS.has('batch')) {
      console.log(`\n2. POST /api/domains/batch lock of ${BATCH} open domains`);
      await benchBatch(
        client,
        async (offset) => all.slice(offset, offset + BATCH),
        async () => {
          // The server holds the database: give the operations submitted after the answer time to go.
          await new Promise((r) => setTimeout(r, 5000));
          return '';
        },
      );
    }
    console.log(`   load average at the end: ${loadavg()}`);
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const engine of ENGINES) {
    try {
      if (engine === 'postgres') await onPostgres();
      else if (engine === 'pglite') await onPglite();
      else console.log(`unknown engine ${engine} (postgres, pglite)`);
    } catch (err) {
      // A benchmark never fails the build: say what went wrong and go on.
      console.log(`my domains bench on ${engine} stopped: ${(err as Error).stack ?? err}`);
    }
  }
}

await main();
