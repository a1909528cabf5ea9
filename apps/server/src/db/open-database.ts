import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { rowsOf } from './rows.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle database, whichever engine is underneath. Both speak PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connection string when on PostgreSQL (used for LISTEN/NOTIFY clients). */
  url: string | undefined;
  /** True when the database had no tables before migrations ran (a brand-new database). */
  wasEmpty: boolean;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL server URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database. */
  pgliteDir?: string;
  /** A PGlite data directory (PGlite's `dumpDataDir()` tarball) to start from; tests load a migrated one. */
  pgliteLoadDataDir?: Blob;
  poolSize?: number;
}

function migrationsFolder(): string {
  // Works from src/db (tsx, vitest) and from dist/ (bundled build: dist/main.js).
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../../drizzle'), resolve(here, '../drizzle')];
  const found = candidates.find((c) => existsSync(join(c, 'meta', '_journal.json')));
  if (found) return found;
  throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
}

async function countTables(db: Db): Promise<number> {
  const result = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`),
  );
  return Number(result[0]?.n ?? 0);
}

/** Opens PGlite (default) or a PostgreSQL pool, and applies migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // An unreachable server (a dropped route, not a refused port) fails the request in bounded
      // time, answered 503 Request.Unavailable, instead of holding it until the client gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // Instances starting together on one database migrate one at a time: a session-level advisory
    // lock held on one dedicated connection while the migrator runs.
    const lockClient = await pool.connect();
    let wasEmpty: boolean;
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      wasEmpty = (await countTables(db)) === 0;
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: folder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      lockClient.release();
    }
    return { db, kind: 'postgres', url: options.databaseUrl, wasEmpty, close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  let unlock = () => {};
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: options.pgliteLoadDataDir });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const wasEmpty = (await countTables(db)) === 0;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
  return {
    db,
    kind: 'pglite',
    url: undefined,
    wasEmpty,
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** How long a request waits for a database connection (a new one, or a free one from the pool): long
 * enough for any burst of load, short of the two minutes a TCP connect to a silent host can take. */
const CONNECT_TIMEOUT_MS = 30_000;

/** Any constant shared by all instances; identifies the migration advisory lock. */
const MIGRATION_LOCK_ID = 4_815_162_342;

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second server on the same folder would corrupt it. A lock file with
 * the owner's pid guards the folder; a stale one (its process is gone) is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = join(dir, '..', `${basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another server (pid ${owner}). Stop it first, or use another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
