import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/open-database.ts';
import type { App, AppDeps } from '../src/platform/app-context.ts';
import { ManualClock } from '../src/platform/clock.ts';

export type Engine = 'pglite' | 'postgres';

/** Every engine available: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The one engine for tests whose behaviour does not depend on the engine: PostgreSQL when available
 * (a copy of its template database is ready in milliseconds and its queries run beside the test,
 * not in the test's thread), PGlite otherwise.
 */
export const ONE_ENGINE: Engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The engines a test file runs on (`describe.each(enginesFor('sql'))`), by what its tests depend on:
 * - `'sql'`: what an engine may answer differently — a repository's queries, locks and concurrency,
 *   migrations, LISTEN/NOTIFY, search: every engine available (ENGINES).
 * - `'app'`: what is the same on any engine — routes, rules, presenters, flows through the API:
 *   once, on ONE_ENGINE.
 * TEST_ALL_ENGINES=1 runs every file on every engine.
 */
export function enginesFor(dependsOn: 'sql' | 'app'): Engine[] {
  return dependsOn === 'sql' || process.env.TEST_ALL_ENGINES === '1' ? ENGINES : [ONE_ENGINE];
}

const created: { url: string; name: string }[] = [];

/**
 * Creates a fresh, EMPTY PostgreSQL database on TEST_DATABASE_URL (its opener runs the migrations);
 * dropped after the file's tests. For a migrated one, use openTestDatabase or buildTestApp.
 */
export async function createPgDatabase(): Promise<string> {
  return newPgDatabase(undefined);
}

/** A fresh PostgreSQL database copied from the run's migrated template (test/global-setup.ts). */
async function migratedPgDatabase(): Promise<string> {
  return newPgDatabase(inject('pgTemplate') || undefined);
}

/** `npm run test:fast` leaves out the files named *.db.test.ts; one that is not named so fails here. */
function assertDatabaseTier(): void {
  if (process.env.TEST_TIER === 'fast') {
    throw new Error('This test file opens a database: name it *.db.test.ts (npm run test:fast leaves those out).');
  }
}

async function newPgDatabase(template: string | undefined): Promise<string> {
  assertDatabaseTier();
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `nb_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  created.push({ url: base, name });
  return url.toString();
}

async function dropCreated() {
  for (const { url, name } of created.splice(0)) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/** The run's migrated PGlite data directory (test/global-setup.ts), read once per file. */
function migratedPglite(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  pgliteTemplate ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return pgliteTemplate;
}

/**
 * Opens a migrated database: a copy of the run's template when the global setup made one (else the
 * migrations run). It is new to the app all the same: `wasEmpty` is true, as after migrating an empty one.
 */
async function openMigratedDatabase(databaseUrl: string | undefined, poolSize: number): Promise<Database> {
  assertDatabaseTier();
  const template = databaseUrl ? undefined : await migratedPglite();
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: 'memory://',
    poolSize,
    ...(template ? { pgliteLoadDataDir: template } : {}),
  });
  return Object.assign(database, { wasEmpty: true });
}

/**
 * Opens a new, migrated database of the given engine for tests that use the platform pieces
 * directly (no app). On PostgreSQL it is a fresh database on TEST_DATABASE_URL, dropped after the file.
 */
export async function openTestDatabase(engine: Engine, poolSize = 4): Promise<Database & { url: string | undefined }> {
  const url = engine === 'postgres' ? await migratedPgDatabase() : undefined;
  const database = await openMigratedDatabase(url, poolSize);
  return Object.assign(database, { url });
}

export interface TestContext {
  app: App;
  clock: ManualClock;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the app on a new database of the given engine with a manual clock and dev tools on.
 * Close it in afterAll (the database is dropped too).
 */
export async function buildTestApp(
  engine: Engine = 'pglite',
  overrides: Partial<Config> = {},
  /** Adds test-only routes or handlers before the app is ready. */
  setup?: (app: App) => void | Promise<void>,
  options: {
    /** pino options (e.g. a `stream` to read the log); silent by default. */
    logger?: AppDeps['logger'];
    /** Rewrites the PostgreSQL URL the app connects to (e.g. through a proxy the test can cut). */
    databaseUrl?: (url: string) => string;
  } = {},
): Promise<TestContext> {
  const created = engine === 'postgres' ? await migratedPgDatabase() : undefined;
  const databaseUrl = created && options.databaseUrl ? options.databaseUrl(created) : created;
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      appSecret: 'test-secret-test-secret-test-secret-0123456789',
      devTools: true,
      clock: 'manual',
      seedDemo: false,
      databaseUrl,
      sweepIntervalMs: 0,
      webDist: undefined,
      // Easy proof-of-work: tests solve captchas in Node on a busy machine.
      captchaMaxNumber: 2_000,
      // Ownership proofs never ask the machine's real DNS: the discard port refuses at once. Tests of
      // proofs start their own DNS server (test/dns-server.ts) and pass its address.
      dnsServers: ['127.0.0.1:9'],
      dnsTimeoutMs: 500,
      ...overrides,
    },
  );
  const database = await openMigratedDatabase(databaseUrl, 5);
  const clock = new ManualClock(new Date('2026-01-05T00:00:00.000Z'));
  const app = await buildApp({ config, database, clock, logger: options.logger ?? false });
  await setup?.(app);
  await app.ready();
  return {
    app,
    clock,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      if (engine === 'postgres') await dropCreated();
    },
  };
}

afterAll(async () => {
  await dropCreated();
});

/** The header a test sends to be taken for a signed-in user; its value is the user id. */
export const TEST_USER_HEADER = 'x-test-user';

/**
 * Lets requests carrying TEST_USER_HEADER stand for a signed-in user (a stand-in for a session),
 * through the same registry the account module's session authenticator uses, so route access
 * rules apply; requests without it are left to the real sessions. Call it in buildTestApp's setup.
 */
export function authenticateByTestHeader(app: App): void {
  const sessions = app.platform.auth.session;
  app.platform.auth.provideSessionAuthenticator(async (request) => {
    const id = request.headers[TEST_USER_HEADER];
    if (typeof id !== 'string') return (await sessions?.(request)) ?? null;
    return {
      id: BigInt(id),
      accountNo: `T${id}`,
      nickname: `user${id}`,
      role: 'user',
      via: 'session',
      sessionId: null,
      keyId: null,
    };
  });
}

/**
 * A test context for a describe block: built before its tests (`build`, within `timeoutMs`) and
 * closed after. The object returned stands for the built context (its properties are read from
 * it), so tests and hooks use it without a `let` and hooks of their own; reading it while the block
 * is being declared throws.
 */
export function suiteContext<T extends { close(): Promise<void> }>(build: () => Promise<T>, timeoutMs?: number): T {
  let built: T | undefined;
  beforeAll(async () => {
    built = await build();
  }, timeoutMs);
  afterAll(async () => {
    await built?.close();
  });
  return new Proxy({} as T, {
    get: (_target, key) => {
      if (!built) throw new Error('the suite context is read before its beforeAll built it');
      return Reflect.get(built, key);
    },
  });
}

/** Makes the test app listen on a free local port (for real HTTP); returns its base URL. */
export async function listenLocally(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Gets a CSRF token (cookie + header pair) for state-changing requests. Tokens are bound to the session:
 * pass the session cookies (`nb_at=…`) the requests will carry; without them the token is a signed-out
 * browser's, and `cookie` includes the pre-session cookie it is bound to. The session cookies themselves
 * are not part of the returned `cookie`.
 */
export async function csrfHeaders(app: App, sessionCookies?: string): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/account/csrf',
    ...(sessionCookies ? { headers: { cookie: sessionCookies } } : {}),
  });
  const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  const pre = res.cookies.find((c) => c.name === 'nb_ps' && c.value !== '');
  const cookies = [`XSRF-TOKEN=${cookie.value}`, ...(pre ? [`nb_ps=${pre.value}`] : [])];
  return { cookie: cookies.join('; '), 'x-xsrf-token': cookie.value };
}
