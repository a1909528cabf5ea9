import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../test/helpers.ts';
import { type Database, openDatabase } from './open-database.ts';
import { PREPARED_SHAPES, runPrepared } from './prepared.ts';
import { platformMeta } from './schema/index.ts';

const engines = [
  ['PGlite', async () => openDatabase({})],
  ...(process.env.TEST_DATABASE_URL
    ? [['PostgreSQL', async () => openDatabase({ databaseUrl: await createPgDatabase(), poolSize: 3 })] as const]
    : []),
] as const;

describe.each(engines)('runPrepared on %s', (_engine, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    for (let i = 0; i < 5; i++) {
      await database.db.execute(
        sql`insert into platform_meta (key, value, updated_at) values (${`k${i}`}, ${String(i)}, now())`,
      );
    }
  });
  afterAll(async () => database.close());

  const keysFrom = (min: number) =>
    database.db
      .select({ key: platformMeta.key })
      .from(platformMeta)
      .where(sql`${platformMeta.value}::int >= ${min}`)
      .orderBy(platformMeta.key);

  it('answers as the query run as itself, again and again on every connection, with new values each time', async () => {
    for (let round = 0; round < 12; round++) {
      const min = round % 5;
      const [prepared, plain] = await Promise.all([runPrepared(keysFrom(min)), keysFrom(min)]);
      expect(prepared).toEqual(plain);
      expect(prepared.map((r) => r.key)).toEqual(['k0', 'k1', 'k2', 'k3', 'k4'].slice(min));
    }
  });

  it('keeps answering past the number of shapes it names (the rest run unnamed)', async () => {
    const shapes = Array.from({ length: PREPARED_SHAPES + 5 }, (_, i) =>
      database.db
        .select({ key: platformMeta.key, tag: sql<number>`${sql.raw(String(i))}::int` })
        .from(platformMeta)
        .where(sql`${platformMeta.key} = 'k1'`),
    );
    const answers = await Promise.all(shapes.map((q) => runPrepared(q)));
    answers.forEach((rows, i) => expect(rows).toEqual([{ key: 'k1', tag: i }]));
  });
});
