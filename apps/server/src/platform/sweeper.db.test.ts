import { type SQL, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enginesFor, openTestDatabase } from '../../test/helpers.ts';
import { type Database, type DbOrTx, openDatabase, type Tx } from '../db/open-database.ts';
import { ManualClock } from './clock.ts';
import { claimDue, claimRows, Sweeper, type SweepHandler } from './sweeper.ts';

/** A pino logger that keeps its lines (level warn and above) for assertions. */
function captureLogger(): { log: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log: log as unknown as FastifyBaseLogger, lines };
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const T0 = new Date('2026-01-05T00:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** The test table: due rows with a status, a counter of applications and a flag that makes apply throw. */
const sweepTest = pgTable('sweep_test', {
  id: serial('id').primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
  status: text('status').notNull(),
  applied: integer('applied').notNull(),
  fail: boolean('fail').notNull(),
});

async function createTable(db: DbOrTx) {
  await db.execute(sql`drop table if exists sweep_test`);
  await db.execute(sql`create table sweep_test (
    id serial primary key,
    due_at timestamptz not null,
    status text not null default 'open',
    applied integer not null default 0,
    fail boolean not null default false
  )`);
}

async function insertRows(db: DbOrTx, items: { dueAt: Date; fail?: boolean }[]) {
  for (const item of items) {
    await db.execute(
      sql`insert into sweep_test (due_at, fail) values (${item.dueAt.toISOString()}::timestamptz, ${item.fail ?? false})`,
    );
  }
}

type TestRow = { id: number; fail: boolean };

/** A raw-SQL handler: claim open due rows, apply = mark done and count the application. */
/** Each test row's status and how often it was applied, in id order. */
async function sweepState(db: DbOrTx): Promise<[string, number][]> {
  const found = await rows<{ status: string; applied: number }>(
    db,
    sql`select status, applied from sweep_test order by id`,
  );
  return found.map((r) => [r.status, r.applied]);
}

function rawHandler(
  options: {
    name?: string;
    batchSize?: number;
    guarded?: boolean;
    onApply?: (tx: Tx, row: TestRow) => Promise<void>;
  } = {},
): SweepHandler<TestRow> {
  const guard = options.guarded === false ? sql`` : sql` and status = 'open'`;
  return {
    name: options.name ?? 'test.close',
    batchSize: options.batchSize,
    claim: (tx, now, limit) =>
      claimRows<TestRow>(
        tx,
        sql`select id, fail from sweep_test where status = 'open' and due_at <= ${now.toISOString()}::timestamptz order by due_at, id limit ${limit}`,
      ),
    async apply(tx, row) {
      // Idempotent transition (only an open row moves) unless the test wants to see raw double-applies.
      await tx.execute(sql`update sweep_test set applied = applied + 1, status = 'done' where id = ${row.id}${guard}`);
      await options.onApply?.(tx, row);
      if (row.fail) throw new Error(`row ${row.id} refuses`);
    },
  };
}

describe.each(enginesFor('sql'))('Sweeper on %s', (engine) => {
  let database: Database;
  let url: string | undefined;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    url = database.url;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await createTable(database.db);
  });

  it('advances due rows exactly once and leaves rows not yet due', async () => {
    const clock = new ManualClock(T0);
    const sweeper = new Sweeper(database.db, clock, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    sweeper.register(rawHandler());
    await insertRows(database.db, [
      { dueAt: minutes(-5) },
      { dueAt: T0 },
      { dueAt: minutes(10) },
      { dueAt: minutes(60) },
    ]);

    expect(await sweeper.runOnce()).toEqual({ advanced: [{ sweeper: 'test.close', count: 2 }], total: 2 });
    expect(await sweeper.runOnce()).toEqual({ advanced: [], total: 0 });

    expect(await sweepState(database.db)).toEqual([
      ['done', 1],
      ['done', 1],
      ['open', 0],
      ['open', 0],
    ]);

    clock.advance(10 * 60);
    expect((await sweeper.runOnce()).total).toBe(1);
    clock.advance(3600);
    expect((await sweeper.runOnce()).total).toBe(1);
    expect((await sweepState(database.db)).every(([status, applied]) => status === 'done' && applied === 1)).toBe(true);
  });

  it('loops over batches until nothing is due, with claimDue on a drizzle table', async () => {
    const clock = new ManualClock(T0);
    const sweeper = new Sweeper(database.db, clock, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    const batches: number[] = [];
    sweeper.register({
      name: 'test.drizzle',
      batchSize: 3,
      async claim(tx, now, limit) {
        const claimed = await claimDue(tx, sweepTest, sweepTest.dueAt, {
          now,
          limit,
          where: sql`${sweepTest.status} = 'open'`,
          orderBy: [sweepTest.id],
        });
        batches.push(claimed.length);
        return claimed;
      },
      async apply(tx, row) {
        expect(row.dueAt).toBeInstanceOf(Date);
        await tx.execute(sql`update sweep_test set applied = applied + 1, status = 'done' where id = ${row.id}`);
      },
    });
    await insertRows(
      database.db,
      Array.from({ length: 10 }, (_, i) => ({ dueAt: minutes(-i) })),
    );
    await insertRows(database.db, [{ dueAt: minutes(1) }]);

    expect(await sweeper.runOnce()).toEqual({ advanced: [{ sweeper: 'test.drizzle', count: 10 }], total: 10 });
    expect(batches).toEqual([3, 3, 3, 1]);
    const [open] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sweep_test where status = 'open'`,
    );
    expect(open?.n).toBe(1);
  });

  it('a throwing row is rolled back alone, logged, and does not block the others', async () => {
    const clock = new ManualClock(T0);
    const { log, lines } = captureLogger();
    const sweeper = new Sweeper(database.db, clock, log);
    sweeper.register(rawHandler({ batchSize: 2 }));
    await insertRows(database.db, [
      { dueAt: minutes(-3) },
      { dueAt: minutes(-2), fail: true },
      { dueAt: minutes(-1) },
      { dueAt: minutes(0) },
    ]);

    expect((await sweeper.runOnce()).total).toBe(3);
    // The failing row's update was rolled back with its savepoint: still open, never counted.
    expect(await sweepState(database.db)).toEqual([
      ['done', 1],
      ['open', 0],
      ['done', 1],
      ['done', 1],
    ]);
    expect(lines.some((l) => l.msg === 'sweep row failed' && l.sweeper === 'test.close')).toBe(true);

    // The failing row is retried on the next run (and fails again), nothing else is touched.
    lines.length = 0;
    expect((await sweeper.runOnce()).total).toBe(0);
    expect(lines.filter((l) => l.msg === 'sweep row failed')).toHaveLength(1);
  });

  it('runs after-commit steps once the batch has committed, and none for a row that was rolled back', async () => {
    const clock = new ManualClock(T0);
    const { log, lines } = captureLogger();
    const sweeper = new Sweeper(database.db, clock, log);
    const seen: { id: number; committed: string }[] = [];
    sweeper.register<TestRow>({
      ...rawHandler(),
      async apply(tx, row) {
        await tx.execute(sql`update sweep_test set applied = applied + 1, status = 'done' where id = ${row.id}`);
        if (row.fail) throw new Error(`row ${row.id} refuses`);
        return async () => {
          // Read outside the batch's transaction: the change is visible, so it committed.
          const [state] = await rows<{ status: string }>(
            database.db,
            sql`select status from sweep_test where id = ${row.id}`,
          );
          seen.push({ id: row.id, committed: state?.status ?? 'missing' });
          if (row.id === 1) throw new Error('publish failed');
        };
      },
    });
    await insertRows(database.db, [{ dueAt: minutes(-2) }, { dueAt: minutes(-1), fail: true }, { dueAt: T0 }]);
    expect((await sweeper.runOnce()).total).toBe(2);
    expect(seen).toEqual([
      { id: 1, committed: 'done' },
      { id: 3, committed: 'done' },
    ]);
    // A failing step is logged; it neither undoes the commit nor stops the other steps.
    expect(lines.some((l) => l.msg === 'sweep after-commit step failed')).toBe(true);
  });

  it('applyBatch applies a whole batch in one go; a failing batch is rolled back and applied row by row', async () => {
    const clock = new ManualClock(T0);
    const { log, lines } = captureLogger();
    const sweeper = new Sweeper(database.db, clock, log);
    const inner = rawHandler({ batchSize: 3 });
    const calls: { batch: number[]; rows: number[] } = { batch: [], rows: [] };
    const published: number[][] = [];
    sweeper.register<TestRow>({
      ...inner,
      async apply(tx, row, now) {
        calls.rows.push(row.id);
        await inner.apply(tx, row, now);
        return () => {
          published.push([row.id]);
        };
      },
      async applyBatch(tx, batch) {
        calls.batch.push(batch.length);
        const ids = batch.map((r) => r.id);
        // One statement for the batch; it writes before it finds the failing row (the savepoint undoes it).
        await tx.execute(
          sql`update sweep_test set applied = applied + 1, status = 'done'
              where id = any(${sql.param(ids)}::int[]) and status = 'open'`,
        );
        if (batch.some((r) => r.fail)) throw new Error('one row refuses');
        return () => {
          published.push(ids);
        };
      },
    });
    await insertRows(database.db, [
      { dueAt: minutes(-6) },
      { dueAt: minutes(-5) },
      { dueAt: minutes(-4) },
      { dueAt: minutes(-3) },
      { dueAt: minutes(-2), fail: true },
      { dueAt: minutes(-1) },
      { dueAt: minutes(0) },
    ]);

    // Batches of 3: [1,2,3] at once; [4,5,6] fails as a whole → 4 and 6 one by one, 5 rolled back;
    // [5,7] (5 is still due) fails as a whole → 5 fails again alone, 7 is applied; fewer than 3: done.
    expect(await sweeper.runOnce()).toEqual({ advanced: [{ sweeper: 'test.close', count: 6 }], total: 6 });
    expect(calls.batch).toEqual([3, 3, 2]);
    expect(calls.rows).toEqual([4, 5, 6, 5, 7]);
    expect(published).toEqual([[1, 2, 3], [4], [6], [7]]);
    expect(await sweepState(database.db)).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
      ['done', 1],
      ['open', 0],
      ['done', 1],
      ['done', 1],
    ]);
    expect(lines.filter((l) => l.msg === 'sweep batch failed as a whole; applying its rows one by one')).toHaveLength(
      2,
    );
    expect(lines.filter((l) => l.msg === 'sweep row failed')).toHaveLength(2);
  });

  it('a handler whose claim fails is logged and the other handlers still run', async () => {
    const clock = new ManualClock(T0);
    const { log, lines } = captureLogger();
    const sweeper = new Sweeper(database.db, clock, log);
    sweeper.register<never>({
      name: 'test.broken',
      claim: async (tx) => rows<never>(tx, sql`select * from no_such_table`),
      apply: async () => undefined,
    });
    sweeper.register(rawHandler());
    await insertRows(database.db, [{ dueAt: minutes(-1) }]);
    expect(await sweeper.runOnce()).toEqual({ advanced: [{ sweeper: 'test.close', count: 1 }], total: 1 });
    expect(lines.some((l) => l.msg === 'sweep batch failed' && l.sweeper === 'test.broken')).toBe(true);
  });

  it('refuses duplicate handler names and bad batch sizes', () => {
    const sweeper = new Sweeper(
      database.db,
      new ManualClock(T0),
      pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    );
    sweeper.register(rawHandler());
    expect(() => sweeper.register(rawHandler())).toThrow(/already registered/);
    expect(() => sweeper.register(rawHandler({ name: 'x', batchSize: 0 }))).toThrow(RangeError);
    expect(sweeper.handlerNames).toEqual(['test.close']);
  });

  it('never overlaps runs in one process; a call during a run runs again afterwards', async () => {
    const clock = new ManualClock(T0);
    const sweeper = new Sweeper(database.db, clock, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    let active = 0;
    let maxActive = 0;
    let claims = 0;
    const inner = rawHandler();
    sweeper.register<TestRow>({
      name: 'test.slow',
      async claim(tx, now, limit) {
        active++;
        claims++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 30));
        const claimed = await inner.claim(tx, now, limit);
        active--;
        return claimed;
      },
      apply: (tx, row, now) => inner.apply(tx, row, now),
    });
    await insertRows(database.db, [{ dueAt: minutes(-1) }, { dueAt: minutes(5) }]);

    const first = sweeper.runOnce();
    // While the first run is in progress the clock moves; the queued run must see the new time.
    clock.advance(5 * 60);
    const second = sweeper.runOnce();
    const third = sweeper.runOnce();
    expect(third).toBe(second);
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(maxActive).toBe(1);
    expect(a.total).toBe(1);
    expect(b.total).toBe(1);
    expect(c).toBe(b);
    expect(claims).toBe(2);
  });

  it('start() sweeps on an unref’d interval until stop()', async () => {
    const clock = new ManualClock(T0);
    const sweeper = new Sweeper(database.db, clock, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    sweeper.register(rawHandler());
    await insertRows(database.db, [{ dueAt: minutes(-1) }]);
    sweeper.start(10);
    const deadline = Date.now() + 5000;
    let done = 0;
    while (Date.now() < deadline) {
      const [r] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from sweep_test where status = 'done'`,
      );
      done = r?.n ?? 0;
      if (done === 1) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await sweeper.stop();
    expect(done).toBe(1);
    await insertRows(database.db, [{ dueAt: minutes(-1) }]);
    await new Promise((r) => setTimeout(r, 60));
    const [open] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sweep_test where status = 'open'`,
    );
    expect(open?.n).toBe(1);
  });

  it.runIf(engine === 'postgres')('two instances on two pools sweeping concurrently never double-apply', async () => {
    const other = await openDatabase({ databaseUrl: url, poolSize: 4 });
    try {
      const clock = new ManualClock(T0);
      const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
      const slowApply = async (tx: Tx) => {
        await tx.execute(sql`select pg_sleep(0.001)`);
      };
      const a = new Sweeper(database.db, clock, silent);
      const b = new Sweeper(other.db, clock, silent);
      // Unguarded apply: only the claim's row locks keep a row from being applied twice.
      a.register(rawHandler({ batchSize: 7, guarded: false, onApply: slowApply }));
      b.register(rawHandler({ batchSize: 7, guarded: false, onApply: slowApply }));
      const total = 200;
      await database.db.execute(
        sql`insert into sweep_test (due_at) select ${minutes(-1).toISOString()}::timestamptz - (g * interval '1 second') from generate_series(1, ${total}) g`,
      );
      await database.db.execute(
        sql`insert into sweep_test (due_at) values (${minutes(30).toISOString()}::timestamptz)`,
      );

      // Several concurrent runs on each instance: within an instance they queue, across instances they race.
      const results = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      const applied = await rows<{ applied: number; n: number }>(
        database.db,
        sql`select applied, count(*)::int as n from sweep_test group by applied order by applied`,
      );
      expect(applied).toEqual([
        { applied: 0, n: 1 },
        { applied: 1, n: total },
      ]);
      // Each application was counted by exactly one run of one instance.
      expect(results.reduce((sum, r) => sum + r.total, 0)).toBe(total);
      // Both instances took part.
      expect(results[0].total + results[2].total).toBeGreaterThan(0);
      expect(results[1].total + results[3].total).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
