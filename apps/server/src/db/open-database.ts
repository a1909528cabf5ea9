import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  const result = (await db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Opens PGlite (default) or a PostgreSQL pool, and applies migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const wasEmpty = (await countTables(db)) === 0;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder });
    return { db, kind: 'postgres', url: options.databaseUrl, wasEmpty, close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const wasEmpty = (await countTables(db)) === 0;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
  return { db, kind: 'pglite', url: undefined, wasEmpty, close: () => client.close() };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
