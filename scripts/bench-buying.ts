/**
 * Buying benchmark (issue 17: '64 concurrent buy-now attempts on one listing (one winner, p99)',
 * 'a cart checkout of 50 items (≤ 1 s)'). Prints figures, never fails a build. For each engine
 * (BENCH_BUYING_ENGINES, default `postgres,pglite`) it builds the app in this process on a fresh
 * database, listens on a local port and drives it over HTTP with signed-in clients:
 *   1. buy now: BENCH_BUYING_RUNS rounds; each round 64 funded buyers (complete contact information)
 *      POST /api/listings/:id/buy for one new listing at the same moment. Checks one winner a round
 *      (the others Commodity.PurchaseFailed, reason selling) and prints p50/p99/max of every attempt's
 *      latency and each round's wall time.
 *   2. checkout: BENCH_CHECKOUT_RUNS runs; each run one buyer puts 50 new listings of a seller in the
 *      cart (over HTTP, not timed) and POSTs /api/cart/checkout with all 50 (timed: first byte sent to
 *      last byte received). Prints each run, the median and the worst (target ≤ 1 s) and what was bought.
 * BENCH_BUYING_PARTS (default `buy,checkout`) picks the parts. One warm-up round of each runs first and is not counted. The books are checked at the end.
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432),
 * dropped afterwards; pool of 10 (the server's default). PGlite: a temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase, pgliteDirFor } from '../apps/server/src/db/open-database.ts';
import { createUser } from '../apps/server/src/modules/account/account.service.ts';
import { checkBooks, transfer } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { insertListing } from '../apps/server/src/modules/listings/market.test-support.ts';
import { writeCompleteContactInfo } from '../apps/server/src/modules/profile/profile.test-support.ts';
import type { App } from '../apps/server/src/platform/app-context.ts';
import { SystemClock } from '../apps/server/src/platform/clock.ts';
import { Client, quantile } from './bench-client.ts';

const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_BUYING_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim());
const BUY_RUNS = Number(process.env.BENCH_BUYING_RUNS ?? 5);
const CHECKOUT_RUNS = Number(process.env.BENCH_CHECKOUT_RUNS ?? 5);
/** Which parts run (`buy`, `checkout`). */
const PARTS = new Set((process.env.BENCH_BUYING_PARTS ?? 'buy,checkout').split(',').map((p) => p.trim()));
const BUYERS = 64;
const CART_ITEMS = 50;
const PRICE = 2_000;
const PASSWORD = 'Bench-Passw0rd';
const TARGET_MS = 1000;

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const ms = (v: number) => `${v.toFixed(1)} ms`;

function dbUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

let domainSeq = 0;
const nextDomain = () => `bench-buy-${++domainSeq}.com`;

/** A user with complete contact information and `balanceCents` available, signed in over HTTP. */
async function signedInUser(app: App, base: string, i: number, balanceCents: number): Promise<Client> {
  const { db, clock } = app.platform;
  const email = `buyer${i}@bench.example.com`;
  const user = await createUser(db, clock, { email, password: PASSWORD, nickname: `buyer${i}` });
  await writeCompleteContactInfo(db, user.id, clock.now());
  if (balanceCents > 0) {
    await db.transaction((tx) =>
      transfer(tx, clock.now(), {
        kind: 'recharge',
        idempotencyKey: `bench:credit:${user.id}`,
        postings: [
          { account: { platform: 'gateway' }, amountCents: -balanceCents },
          { account: { userId: user.id, bucket: 'available' }, amountCents: balanceCents },
        ],
      }),
    );
  }
  const client = new Client(base, `10.17.${Math.floor(i / 200)}.${(i % 200) + 1}`);
  await client.request('GET', '/api/account/csrf');
  const login = await client.request('POST', '/api/account/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  return client;
}

interface Attempt {
  ms: number;
  status: number;
  code: string | undefined;
  reason: unknown;
}

async function attempt(client: Client, listingId: bigint): Promise<Attempt> {
  const started = performance.now();
  const res = await client.request('POST', `/api/listings/${listingId}/buy`, { expectedPriceCents: PRICE });
  const json = res.json as { code?: string; data?: { reason?: unknown } } | null;
  return { ms: performance.now() - started, status: res.status, code: json?.code, reason: json?.data?.reason };
}

/** Part 1: rounds of 64 simultaneous buy-now attempts on one listing. */
async function benchBuyNow(app: App, sellerId: bigint, buyers: Client[]): Promise<void> {
  const latencies: number[] = [];
  const walls: number[] = [];
  let rounds = 0;
  let oneWinner = 0;
  for (let round = 0; round <= BUY_RUNS; round++) {
    const listing = await insertListing(app.platform.db, sellerId, nextDomain(), app.platform.clock.now(), {
      priceCents: PRICE,
    });
    const started = performance.now();
    const answers = await Promise.all(buyers.map((b) => attempt(b, listing.id)));
    const wall = performance.now() - started;
    const winners = answers.filter((a) => a.status === 200).length;
    const selling = answers.filter((a) => a.code === 'Commodity.PurchaseFailed' && a.reason === 'selling').length;
    const other = answers.length - winners - selling;
    const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
    console.log(
      `   ${round === 0 ? 'warm-up' : `round ${round}`}: wall ${ms(wall)}, p50 ${ms(quantile(sorted, 0.5))}, ` +
        `p99 ${ms(quantile(sorted, 0.99))}; winners ${winners}, refused (selling) ${selling}` +
        `${other ? `, other ${other} (${[...new Set(answers.map((a) => `${a.status} ${a.code}`))].join('; ')})` : ''}`,
    );
    if (round === 0) continue;
    rounds += 1;
    if (winners === 1 && selling === BUYERS - 1) oneWinner += 1;
    latencies.push(...answers.map((a) => a.ms));
    walls.push(wall);
  }
  latencies.sort((a, b) => a - b);
  walls.sort((a, b) => a - b);
  console.log(
    `   ${BUYERS} buyers × ${rounds} rounds: exactly one winner in ${oneWinner}/${rounds}; attempt latency ` +
      `p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? Number.NaN)}; ` +
      `round wall median ${ms(quantile(walls, 0.5))}`,
  );
}

/** Part 2: a checkout of 50 cart lines per run. */
async function benchCheckout(app: App, sellerId: bigint, buyer: Client): Promise<void> {
  const times: number[] = [];
  for (let run = 0; run <= CHECKOUT_RUNS; run++) {
    const items: { listingId: string; priceCents: number }[] = [];
    for (let i = 0; i < CART_ITEMS; i++) {
      const l = await insertListing(app.platform.db, sellerId, nextDomain(), app.platform.clock.now(), {
        priceCents: PRICE + i,
      });
      const add = await buyer.request('POST', '/api/cart', { listingId: l.id.toString() });
      if (add.status !== 200) throw new Error(`add to cart failed: ${JSON.stringify(add.json)}`);
      items.push({ listingId: l.id.toString(), priceCents: PRICE + i });
    }
    const started = performance.now();
    const res = await buyer.request('POST', '/api/cart/checkout', { items });
    const took = performance.now() - started;
    const data = (res.json as { data?: { orders?: unknown[]; failed?: { code: string }[] } } | null)?.data;
    const codes = [...new Set((data?.failed ?? []).map((f) => f.code))].join(', ');
    console.log(
      `   ${run === 0 ? 'warm-up' : `run ${run}`}: ${ms(took).padStart(10)}  HTTP ${res.status}  bought ${data?.orders?.length ?? 0}, ` +
        `failed ${data?.failed?.length ?? 0}${codes ? ` (${codes})` : ''}`,
    );
    if (run > 0) times.push(took);
  }
  times.sort((a, b) => a - b);
  const worst = times.at(-1) ?? Number.NaN;
  console.log(
    `   checkout of ${CART_ITEMS} items: median ${ms(quantile(times, 0.5))}, worst ${ms(worst)} over ${times.length} runs ` +
      `(target ≤ ${TARGET_MS} ms${worst > TARGET_MS ? `: missed by ${ms(worst - TARGET_MS)}` : ': met'})`,
  );
}

async function bench(label: string, database: Database, dataDir: string, databaseUrl: string | undefined) {
  const config = loadConfig(
    { NODE_ENV: 'development', LOG_LEVEL: 'warn', RATE_LIMIT_API_MAX: '0', TRUST_PROXY: '127.0.0.1' },
    {
      appSecret: 'bench-secret-bench-secret-bench-secret-0123',
      dataDir,
      databaseUrl,
      seedDemo: false,
      sweepIntervalMs: 0,
      webDist: undefined,
    },
  );
  const app = await buildApp({ config, database, clock: new SystemClock(), logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const seller = await createUser(app.platform.db, app.platform.clock, {
      email: 'seller@bench.example.com',
      password: PASSWORD,
      nickname: 'seller',
    });
    console.log(`\nBuying bench on ${label}; load average ${loadavg()}`);
    if (PARTS.has('buy')) {
      const buyers: Client[] = [];
      for (let i = 0; i < BUYERS; i++) buyers.push(await signedInUser(app, base, i, 10_000_000));
      console.log(`  buy now: ${BUYERS} signed-in buyers at once on one listing, per round`);
      await benchBuyNow(app, seller.id, buyers);
    }
    if (PARTS.has('checkout')) {
      console.log(`  cart checkout: ${CART_ITEMS} lines in one POST /api/cart/checkout`);
      const cartBuyer = await signedInUser(app, base, BUYERS, 100_000_000);
      await benchCheckout(app, seller.id, cartBuyer);
    }
    const books = await checkBooks(app.platform.db, app.platform.clock.now(), async (id) => id);
    console.log(`  books balanced: ${books.balanced}; load average at the end ${loadavg()}`);
  } finally {
    await app.close();
  }
}

async function onPostgres(): Promise<void> {
  const name = `nb_bench_buying_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = dbUrl(name);
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-buying-'));
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: url, poolSize: 10 });
    await bench(`PostgreSQL (database ${name})`, database, dir, url);
  } finally {
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPglite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-buying-'));
  let database: Database | undefined;
  try {
    database = await openDatabase({ pgliteDir: pgliteDirFor(dir) });
    await bench(`the embedded PGlite (${dir})`, database, dir, undefined);
  } finally {
    await database?.close();
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
      console.log(`Buying bench on ${engine} stopped: ${(err as Error).stack ?? err}`);
    }
  }
}

await main();
