import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/open-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (dumpDataDir tarball) each test database starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL each test database is created from ('' without one). */
    pgTemplate: string;
  }
}

/**
 * Migrates once per run, for both engines, so that each test file's fresh database is a copy of a
 * migrated one instead of running every migration again (test/helpers.ts). The migration tests
 * themselves (open-database.db.test.ts, the crash and two-instance tests) still start from empty databases.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'nb-db-template-'));
  const [pgliteTemplate, pgTemplate] = await Promise.all([migratedPglite(dir), migratedPostgres()]).catch((err) => {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('pgTemplate', pgTemplate ?? '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgTemplate) await adminQuery(`DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
  };
}

async function migratedPglite(dir: string): Promise<string> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const file = join(dir, 'pglite.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function migratedPostgres(): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  await dropStaleTemplates();
  const name = `nb_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await database.close();
  } catch (err) {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw err;
  }
  return name;
}

/** Templates of interrupted runs (named by their start time) older than a day; other runs may be going on. */
async function dropStaleTemplates(): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'nb\\_template\\_%'",
    );
    const dayAgo = Date.now() - 24 * 3_600_000;
    for (const { datname } of rows) {
      const startedAt = Number.parseInt(datname.split('_')[2] ?? '', 36);
      if (startedAt < dayAgo) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
