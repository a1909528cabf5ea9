#!/usr/bin/env node
// Benchmarks print numbers and never fail a build (DESIGN.md §5). Starts the built server on an
// embedded database in a temp folder (or uses BENCH_URL) and measures request throughput/latency.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

async function startServer() {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, stop: async () => {} };
  if (!existsSync('apps/server/dist/main.js')) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-bench-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      RATE_LIMIT_API_MAX: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(name, url, init) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        try {
          const res = await fetch(url, init);
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]?.toFixed(2);
  console.log(
    `${name.padEnd(28)} ${(latencies.length / (DURATION_MS / 1000)).toFixed(0).padStart(7)} req/s   p50 ${q(0.5)} ms   p99 ${q(0.99)} ms   errors ${errors}`,
  );
}

const server = await startServer();
try {
  console.log(`bench: ${server.url}, ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000}s each\n`);
  await measure('GET /api/health', `${server.url}/api/health`);
  await measure('GET /region-data.json', `${server.url}/region-data.json`);
  await measure('GET / (SPA shell)', `${server.url}/`);
} finally {
  await server.stop();
}

// The auction figures (issue 5): bidding, search over 1M lots, sweeping; on a PostgreSQL server.
if (!process.env.BENCH_SKIP_AUCTIONS) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-auctions.ts'], { stdio: 'inherit' });
  await new Promise((r) => child.once('exit', r));
}

// The My domains figures (issue 15): the list of a user with 10,000 domains, a batch lock of 500.
if (!process.env.BENCH_SKIP_DOMAINS) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-domains.ts'], { stdio: 'inherit' });
  await new Promise((r) => child.once('exit', r));
}

// The seller centre's figures (issue 16): a 1,000-row Excel import end to end (target ≤ 5 s).
if (!process.env.BENCH_SKIP_LISTINGS) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-listings-import.ts'], {
    stdio: 'inherit',
  });
  await new Promise((r) => child.once('exit', r));
}

// The market's figures (issue 16): GET /api/market over 200,000 listings (target p95 ≤ 30 ms).
if (!process.env.BENCH_SKIP_MARKET) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-market.ts'], { stdio: 'inherit' });
  await new Promise((r) => child.once('exit', r));
}

// The buying figures (issue 17): 64 buyers of one listing at once (one winner, p99), a 50-line cart checkout (≤ 1 s).
if (!process.env.BENCH_SKIP_BUYING) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-buying.ts'], { stdio: 'inherit' });
  await new Promise((r) => child.once('exit', r));
}

// The live views' figures (issue 18): 10,000 SSE watchers on one hot lot, update fan-out p99 (target ≤ 500 ms).
if (!process.env.BENCH_SKIP_LIVE) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-live.ts'], { stdio: 'inherit' });
  await new Promise((r) => child.once('exit', r));
}

// The chat's figures (issue 18): 1,000 WebSocket connections on one instance, message fan-out p99 (target ≤ 200 ms).
if (!process.env.BENCH_SKIP_CHAT) {
  const child = spawn(process.execPath, ['scripts/bench-chat.mjs'], { stdio: 'inherit' });
  await new Promise((r) => child.once('exit', r));
}
