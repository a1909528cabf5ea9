/**
 * What the benches that drive the built server over HTTP share: start `apps/server/dist/main.js` on a
 * database (manual clock, dev tools, no demo data, no overall rate limit) and make signed-in users who
 * may bid (funded, complete contact information).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import type { Database } from '../apps/server/src/db/open-database.ts';
import { createUser } from '../apps/server/src/modules/account/account.service.ts';
import { transfer } from '../apps/server/src/modules/ledger/ledger.service.ts';
import type { Clock } from '../apps/server/src/platform/clock.ts';
import { Client } from './bench-client.ts';

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  dir: string;
}

/** Starts the built server on `databaseUrl` (a port from `portBase`…+8) and waits for /api/health. */
export async function startBuiltServer(databaseUrl: string, prefix: string, portBase = 3990): Promise<BuiltServer> {
  const dir = mkdtempSync(join(tmpdir(), `nb-bench-${prefix}-`));
  const port = portBase + Math.floor(Math.random() * 9);
  // BENCH_NODE_ARGS: extra node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development',
      DEV_TOOLS: '1',
      CLOCK: 'manual',
      SEED_DEMO: '0',
      SWEEP_INTERVAL_MS: '0',
      RATE_LIMIT_API_MAX: '0',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, dir };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/**
 * A bidder: a new account with $1,000,000 available and complete contact information, signed in over
 * HTTP from its own forwarded address (`10.9.x.y`, per-IP sign-in limits).
 */
export async function signedInBidder(
  database: Database,
  sql: pg.Pool,
  clock: Clock,
  baseUrl: string,
  i: number,
): Promise<Client> {
  const email = `bidder${i}@bench.example.com`;
  const user = await createUser(database.db, clock, { email, password: 'Bench-Passw0rd', nickname: `b${i}` });
  await database.db.transaction((tx) =>
    transfer(tx, clock.now(), {
      kind: 'recharge',
      idempotencyKey: `bench:credit:${user.id}`,
      postings: [
        { account: { platform: 'gateway' }, amountCents: -100_000_000 },
        { account: { userId: user.id, bucket: 'available' }, amountCents: 100_000_000 },
      ],
    }),
  );
  await sql.query(
    `insert into user_profiles (user_id, first_name, last_name, phone, phone_country_code, phone_verified_at, updated_at)
     values ($1, 'Bench', 'Bidder', $2, '86', now(), now())`,
    [String(user.id), `1390000${String(1000 + i)}`],
  );
  const client = new Client(baseUrl, `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`);
  await client.request('GET', '/api/account/csrf');
  const login = await client.request('POST', '/api/account/login', { email, password: 'Bench-Passw0rd' });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  return client;
}
