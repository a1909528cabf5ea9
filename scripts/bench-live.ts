/**
 * Live-view benchmark (issue 18: '10,000 SSE watchers on one hot lot, update fan-out p99 ≤ 500 ms'). Prints
 * figures, never fails a build. Starts the built server on a fresh PostgreSQL database (BENCH_PG_URL, default
 * the local server), opens BENCH_WATCHERS (default 10,000) server-sent-event streams on one lot
 * (`GET /api/auctions/:id/events`, each its own connection, as 10,000 browsers would), then places
 * BENCH_LIVE_BIDS (default 10) bids one after another and measures, for every watcher and every bid, the time
 * from sending the bid to that watcher receiving the new price: the whole path (bid, commit, event, fan-out
 * to every stream, the client reading it). Watchers and the bidder run in this process, the server in its
 * own; both share the machine's cores, so the figure is pessimistic.
 */

import { rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { SystemClock } from '../apps/server/src/platform/clock.ts';
import { quantile } from './bench-client.ts';
import { signedInBidder, startBuiltServer } from './bench-server.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
const BIDS = Number(process.env.BENCH_LIVE_BIDS ?? 10);
const TARGET_P99_MS = 500;

function dbUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One SSE stream: calls `onPrice(cents)` for each `event: price` frame. */
function watch(base: string, lotId: string, onPrice: (cents: number) => void): Promise<http.ClientRequest> {
  const url = new URL(`/api/auctions/${lotId}/events`, base);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        agent: false,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (frame.startsWith('event: price')) {
              const data = frame.slice(frame.indexOf('data: ') + 6);
              onPrice((JSON.parse(data) as { currentPriceCents: number }).currentPriceCents);
            }
            end = buffer.indexOf('\n\n');
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const name = `nb_bench_live_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = dbUrl(name);
  const server = await startBuiltServer(url, 'live', 3980);
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  const sql = new pg.Pool({ connectionString: url, max: 2 });
  const streams: http.ClientRequest[] = [];
  try {
    const now = new Date((await (await fetch(`${server.url}/api/dev/clock`)).json()).data.now);
    const lot = await sql.query(
      `insert into auctions (domain, name, tld, length, has_hyphen, type, status, partner, registrar,
         start_price_cents, current_price_cents, starts_at, scheduled_ends_at, ends_at, latest_ends_at, created_at, updated_at)
       values ('benchlive.com', 'benchlive', 'com', 9, false, 'pre-release', 'bidding', 'bench', 'Bench Registrar',
         100, 100, $1, $2, $2, $3, $1, $1) returning id`,
      [
        new Date(now.getTime() - 86_400_000),
        new Date(now.getTime() + 3 * 86_400_000),
        new Date(now.getTime() + 5 * 86_400_000),
      ],
    );
    const lotId = String(lot.rows[0].id);
    // Two bidders taking turns: each bid outbids the other, so every bid moves the price.
    const bidders = [
      await signedInBidder(database, sql, new SystemClock(), server.url, 0),
      await signedInBidder(database, sql, new SystemClock(), server.url, 1),
    ];

    // The watchers: each records when it first sees the price it waits for.
    let waitingFor = -1;
    let sentAt = 0;
    const latencies: number[] = [];
    let received = 0;
    const seen = new Array<number>(WATCHERS).fill(-1);
    const opening = performance.now();
    for (let i = 0; i < WATCHERS; i += 200) {
      const batch = Array.from({ length: Math.min(200, WATCHERS - i) }, (_, k) =>
        watch(server.url, lotId, (cents) => {
          if (cents !== waitingFor || seen[i + k] === cents) return;
          seen[i + k] = cents;
          latencies.push(performance.now() - sentAt);
          received++;
        }),
      );
      streams.push(...(await Promise.all(batch)));
    }
    console.log(
      `\nlive bench: ${WATCHERS} SSE watchers on one lot (${server.url}, PostgreSQL), opened in ${((performance.now() - opening) / 1000).toFixed(1)} s; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    await new Promise((r) => setTimeout(r, 2000));

    const rounds: { ms: number; got: number }[] = [];
    let price = 100;
    for (let b = 0; b < BIDS + 1; b++) {
      const bidder = bidders[b % 2] as (typeof bidders)[number];
      const detail = await bidder.request('GET', `/api/auctions/${lotId}`);
      const amount = detail.json?.data?.minNextBidCents ?? price + 100;
      const before = received;
      const counted = latencies.length;
      waitingFor = amount;
      sentAt = performance.now();
      const res = await bidder.request('POST', `/api/auctions/${lotId}/bids`, { amountCents: amount });
      if (res.status !== 200) throw new Error(`bid refused: ${JSON.stringify(res.json)}`);
      price = amount;
      const deadline = performance.now() + 30_000;
      while (received - before < WATCHERS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const got = received - before;
      if (b === 0) {
        latencies.length = counted; // the first bid warms the path up; not counted
        console.log(`  warm-up bid: ${got}/${WATCHERS} watchers reached`);
        continue;
      }
      rounds.push({ ms: performance.now() - sentAt, got });
    }
    latencies.sort((a, b) => a - b);
    const reached = rounds.reduce((sum, r) => sum + r.got, 0);
    console.log(
      `  ${BIDS} bids, ${reached}/${BIDS * WATCHERS} updates delivered; from sending a bid to a watcher reading its price:`,
    );
    console.log(
      `  p50 ${quantile(latencies, 0.5).toFixed(0)} ms   p99 ${quantile(latencies, 0.99).toFixed(0)} ms   max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms   (target p99 ≤ ${TARGET_P99_MS} ms)`,
    );
    console.log(`  last watcher per bid: ${rounds.map((r) => `${r.ms.toFixed(0)} ms`).join(', ')}`);
  } finally {
    for (const stream of streams) stream.destroy();
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await sql.end();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(server.dir, { recursive: true, force: true });
  }
}

await main();
