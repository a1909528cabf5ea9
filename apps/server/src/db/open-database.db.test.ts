import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../test/helpers.ts';
import { DataDirLockedError, openDatabase } from './open-database.ts';

describe('openDatabase on PGlite', () => {
  it('migrates a new folder, reports it empty once, and keeps data across reopenings', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nb-db-')), 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    expect(first.kind).toBe('pglite');
    expect(first.wasEmpty).toBe(true);
    await first.db.execute(sql`insert into platform_meta (key, value, updated_at) values ('k', '1', now())`);
    await first.close();

    const second = await openDatabase({ pgliteDir: dir });
    expect(second.wasEmpty).toBe(false);
    const result = (await second.db.execute(sql`select key from platform_meta`)) as unknown as {
      rows: { key: string }[];
    };
    expect(result.rows.map((r) => r.key)).toEqual(['k']);
    await second.close();
  });

  it('refuses a second server on the same folder while the first runs', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nb-db-')), 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    // The lock names its owner by pid; a live owner that is not us blocks the folder.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    writeFileSync(`${dir}.lock`, String(process.pid));
    await first.close();
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('openDatabase on PostgreSQL', () => {
  it('lets instances that start together migrate one at a time', async () => {
    const url = await createPgDatabase();
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })));
    try {
      expect(opened.filter((d) => d.wasEmpty)).toHaveLength(1);
      const result = (await opened[0]!.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'platform_meta'`,
      )) as unknown as { rows: { n: number }[] };
      expect(result.rows[0]?.n).toBe(1);
    } finally {
      await Promise.all(opened.map((d) => d.close()));
    }
  });
});
