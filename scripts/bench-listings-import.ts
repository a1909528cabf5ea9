/**
 * Excel listing benchmark (issue 16: 'Excel import of 1,000 rows ≤ 5 s end to end'). Prints
 * figures, never fails a build. For each engine (BENCH_IMPORT_ENGINES, default `postgres,pglite`)
 * it seeds one seller holding BENCH_IMPORT_RUNS × 1,000 domains free to list (normal, transfer lock
 * open), builds the app in this process and has it listen on a local port, signs in over HTTP, and
 * POSTs a 1,000-row .xlsx (every template column filled: price, mode, floor, industries, keywords,
 * both descriptions) to /api/listings/import as multipart — each run a file of 1,000 other domains.
 * The time is from the first byte sent to the last byte of the answer (upload, sniffing, parsing,
 * row checks, createListings, the report); building the file is the client's and is not counted.
 * Prints each run, the median and p95 (target ≤ 5 s) and the accepted/refused counts.
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432),
 * dropped afterwards. PGlite: a temp folder.
 * Knobs: BENCH_IMPORT_RUNS (5), BENCH_IMPORT_ROWS (1,000), BENCH_IMPORT_ENGINES.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql as drizzleSql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase, pgliteDirFor } from '../apps/server/src/db/open-database.ts';
import { createUser } from '../apps/server/src/modules/account/account.service.ts';
import { SystemClock } from '../apps/server/src/platform/clock.ts';
import { Client, quantile } from './bench-client.ts';

const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 5);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);
const ENGINES = (process.env.BENCH_IMPORT_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim());
const EMAIL = 'seller@bench.example.com';
const PASSWORD = 'Bench-Passw0rd';
const TARGET_MS = 5000;

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function dbUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The seller and RUNS × ROWS domains in My domains, free to list (one set-based insert). */
async function seed(database: Database): Promise<void> {
  const seller = await createUser(database.db, new SystemClock(), {
    email: EMAIL,
    password: PASSWORD,
    nickname: 'seller',
  });
  await database.db.execute(
    drizzleSql.raw(
      `insert into domains (user_id, name, tld, registrar, status, lock_status, registered_at, expires_at,
         acquired_at, transfer_out_allowed_from, created_at, updated_at)
       select ${seller.id}, 'bench-import-' || i || '.com', 'com', 'NameBourse Registrar Simulator', 'normal', 'open',
         now() - interval '2 years', now() + interval '1 year', now() - interval '90 days',
         now() - interval '30 days', now(), now()
       from generate_series(1, ${RUNS * ROWS}) as i`,
    ),
  );
  await database.db.execute(drizzleSql.raw('analyze domains'));
}

/** A 1,000-row workbook in the template's columns (English headers), domains `from`..`from+ROWS-1`. */
async function workbookFor(from: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Listings');
  sheet.addRow([
    'Domain',
    'Price (USD)',
    'Mode',
    'Floor (USD)',
    'Industries',
    'Keywords',
    'Description (中文)',
    'Description (English)',
  ]);
  for (let i = from; i < from + ROWS; i++) {
    const offer = i % 4 === 0;
    sheet.addRow([
      `bench-import-${i}.com`,
      offer ? 4999 : 12 + (i % 500),
      offer ? 'offer' : 'fixed',
      offer ? 800 : null,
      i % 3 === 0 ? 'Technology, 金融' : 'ai',
      'brand, short',
      i % 2 === 0 ? `好记的域名 ${i}` : '',
      `A memorable name, number ${i}`,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----nbbench${Date.now().toString(16)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="endOption"\r\n\r\n1y\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="listings.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(client: Client, data: Buffer): Promise<{ ms: number; status: number; json: unknown }> {
  const { body, contentType } = multipart(data);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const started = performance.now();
  const res = await fetch(`${client.base}/api/listings/import`, {
    method: 'POST',
    headers: {
      cookie,
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      'x-forwarded-for': client.ip,
      'accept-language': 'en-US',
      'content-type': contentType,
    },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { ms, status: res.status, json };
}

/** Builds the app on the database, listens, runs the uploads and prints the figures. */
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
    const client = new Client(base, '10.8.0.1');
    await client.request('GET', '/api/account/csrf');
    const login = await client.request('POST', '/api/account/login', { email: EMAIL, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.json)}`);

    console.log(`\nExcel import bench on ${label}: ${ROWS} rows per file, ${RUNS} runs; load average ${loadavg()}`);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const file = await workbookFor(1 + run * ROWS);
      const res = await upload(client, file);
      const data = (res.json as { data?: { accepted?: unknown[]; refused?: { code: string }[] } } | null)?.data;
      const accepted = data?.accepted?.length ?? 0;
      const refused = data?.refused ?? [];
      const codes = [...new Set(refused.map((r) => r.code))].join(', ');
      times.push(res.ms);
      console.log(
        `   run ${run + 1}: ${res.ms.toFixed(0).padStart(6)} ms  HTTP ${res.status}  file ${(file.length / 1024).toFixed(0)} KB  ` +
          `accepted ${accepted}, refused ${refused.length}${codes ? ` (${codes})` : ''}` +
          `${res.status !== 200 ? `  ${JSON.stringify(res.json).slice(0, 200)}` : ''}`,
      );
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    const p95 = quantile(sorted, 0.95);
    console.log(
      `   median ${(median / 1000).toFixed(2)} s, p95 ${(p95 / 1000).toFixed(2)} s over ${times.length} runs ` +
        `(target ≤ ${TARGET_MS / 1000} s${p95 > TARGET_MS ? `: missed by ${((p95 - TARGET_MS) / 1000).toFixed(2)} s` : ': met'}); ` +
        `load average at the end ${loadavg()}`,
    );
  } finally {
    await app.close();
  }
}

async function onPostgres(): Promise<void> {
  const name = `nb_bench_import_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = dbUrl(name);
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-import-'));
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: url, poolSize: 10 });
    await seed(database);
    await bench(`PostgreSQL (database ${name})`, database, dir, url);
  } finally {
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPglite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-import-'));
  let database: Database | undefined;
  try {
    database = await openDatabase({ pgliteDir: pgliteDirFor(dir) });
    await seed(database);
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
      console.log(`Excel import bench on ${engine} stopped: ${(err as Error).stack ?? err}`);
    }
  }
}

await main();
