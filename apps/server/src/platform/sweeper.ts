import type { SweepResult } from '@namebourse/contract';
import { and, asc, getTableColumns, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/open-database.ts';
import { rowsOf } from '../db/rows.ts';
import type { Clock } from './clock.ts';

/**
 * Deadlines live on rows; the sweeper advances them (DESIGN.md §3).
 *
 * A module registers one handler per kind of due row (auction `ends_at`, order `pay_by`, code
 * `expires_at` …). `claim` selects due rows with `FOR UPDATE SKIP LOCKED`, so two instances
 * never work on the same row at the same time; `apply` performs the transition and must move the
 * row out of the due set (and be idempotent: it re-checks the row's state before acting). A
 * handler that meets many rows at once (10,000 lots ending in the same second) may also give
 * `applyBatch`: the batch in one savepoint with set-based SQL, and `apply` one by one when that fails.
 */
export interface SweepHandler<Row> {
  /** Shown in the sweep result and in logs, e.g. `auctions.close`. Unique per sweeper. */
  name: string;
  /** Rows claimed per transaction (default 100). */
  batchSize?: number;
  /** `SELECT … WHERE due <= now ORDER BY due LIMIT limit FOR UPDATE SKIP LOCKED` (see claimDue). */
  claim(tx: Tx, now: Date, limit: number): Promise<Row[]>;
  /**
   * Applies the transition to one claimed row, inside a savepoint of the batch's transaction. May
   * return a callback run once the batch has committed (publish domain events after commit).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: handlers that return nothing (Promise<void>) stay valid.
  apply(tx: Tx, row: Row, now: Date): Promise<void | AfterCommit>;
  /**
   * Optional: applies every claimed row of the batch at once (set-based SQL, a few statements for
   * the whole batch instead of a few per row), inside one savepoint of the batch's transaction.
   * It must do what `apply` would do for each row (same re-checks, same transitions, same
   * idempotency keys). When it throws, its savepoint is rolled back and the batch's rows are
   * applied one by one with `apply`, each in its own savepoint, so one bad row still never stops
   * the others. May return one callback run once the batch has committed.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: as for apply.
  applyBatch?(tx: Tx, rows: Row[], now: Date): Promise<void | AfterCommit>;
}

/** What the sweeper reports as it goes (the app's metrics). */
export interface SweeperObserver {
  /** A row was applied `lagSeconds` (business clock) after its deadline. */
  onApplied?(sweeper: string, lagSeconds: number): void;
}

/** The deadline of each row claimed by claimDue (rows are fresh objects, so a WeakMap keeps no garbage). */
const dueTimes = new WeakMap<object, Date>();

/** Work to do once a sweep batch has committed (e.g. `events.publish`); failures are logged. */
export type AfterCommit = () => void | Promise<void>;

/** The locking clause of every claim query: rows locked by another sweeper are skipped, not waited for. */
export const FOR_UPDATE_SKIP_LOCKED: SQL = sql.raw('for update skip locked');

export interface ClaimDueOptions {
  now: Date;
  limit: number;
  /** Extra conditions (status = 'open' …), and-ed with `due <= now`. */
  where?: SQL | undefined;
  /** Tie-breakers after the due column (e.g. the primary key) for a stable order. */
  orderBy?: (PgColumn | SQL)[];
}

/**
 * Claims due rows of a drizzle table: `select * from table where due <= now [and where]
 * order by due, … limit n for update skip locked`. Use it inside `SweepHandler.claim`.
 */
export async function claimDue<T extends PgTable>(
  tx: Tx,
  table: T,
  due: PgColumn,
  options: ClaimDueOptions,
): Promise<T['$inferSelect'][]> {
  const rows = await tx
    .select({ row: getTableColumns(table as PgTable), due })
    .from(table as PgTable)
    .where(and(lte(due, options.now), options.where))
    .orderBy(asc(due), ...(options.orderBy ?? []))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return rows.map(({ row, due: at }) => {
    if (at instanceof Date) dueTimes.set(row, at);
    return row as T['$inferSelect'];
  });
}

/**
 * Claims due rows with a raw query: pass `select … where due <= now order by … limit n` and the
 * locking clause is appended. Returns the result rows (column names as the query spells them).
 */
export async function claimRows<Row>(tx: Tx, query: SQL): Promise<Row[]> {
  return rowsOf<Row>(await tx.execute(sql`${query} ${FOR_UPDATE_SKIP_LOCKED}`));
}

const DEFAULT_BATCH_SIZE = 100;
/** A handler whose rows never leave the due set would loop forever; stop after this many batches per run. */
const MAX_BATCHES_PER_RUN = 1000;

export class Sweeper {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #observer: SweeperObserver;
  readonly #handlers: SweepHandler<unknown>[] = [];
  #running: Promise<SweepResult> | null = null;
  #queued: Promise<SweepResult> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopped = true;

  constructor(db: Db, clock: Clock, log: FastifyBaseLogger, observer: SweeperObserver = {}) {
    this.#db = db;
    this.#clock = clock;
    this.#log = log;
    this.#observer = observer;
  }

  /** Adds a handler; handlers run in registration order. */
  register<Row>(handler: SweepHandler<Row>): void {
    if (this.#handlers.some((h) => h.name === handler.name)) {
      throw new Error(`Sweep handler "${handler.name}" is already registered`);
    }
    if (handler.batchSize !== undefined && (!Number.isInteger(handler.batchSize) || handler.batchSize < 1)) {
      throw new RangeError(`Sweep handler "${handler.name}": batchSize must be a positive integer`);
    }
    this.#handlers.push(handler as SweepHandler<unknown>);
  }

  /** Names of the registered handlers. */
  get handlerNames(): string[] {
    return this.#handlers.map((h) => h.name);
  }

  /**
   * Runs every handler until no rows are due. Runs never overlap within a process: a call made
   * while a run is in progress waits for it and then runs once more (so it sees rows that became
   * due meanwhile, e.g. after a clock advance); concurrent waiting callers share that second run.
   */
  runOnce(): Promise<SweepResult> {
    if (this.#queued) return this.#queued;
    if (!this.#running) return this.#begin();
    const queued = this.#running
      .catch(() => undefined)
      .then(() => {
        this.#queued = null;
        return this.#begin();
      });
    this.#queued = queued;
    return queued;
  }

  /** Runs the sweeper every `intervalMs` (measured between runs) until stop(). 0 or less: never. */
  start(intervalMs: number): void {
    this.#clearTimer();
    if (!(intervalMs > 0)) return;
    this.#stopped = false;
    const tick = () => {
      this.#timer = null;
      if (this.#stopped) return;
      this.runOnce()
        .catch((err: unknown) => this.#log.error({ err }, 'sweeper run failed'))
        .finally(() => {
          if (this.#stopped) return;
          this.#timer = setTimeout(tick, intervalMs);
          this.#timer.unref();
        });
    };
    this.#timer = setTimeout(tick, intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a run in progress to finish (so shutdown never cuts a transaction). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#clearTimer();
    await (this.#queued ?? this.#running)?.catch(() => undefined);
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #begin(): Promise<SweepResult> {
    const run = this.#run().finally(() => {
      if (this.#running === run) this.#running = null;
    });
    this.#running = run;
    return run;
  }

  async #run(): Promise<SweepResult> {
    const advanced: SweepResult['advanced'] = [];
    let total = 0;
    for (const handler of this.#handlers) {
      let count = 0;
      try {
        count = await this.#drain(handler);
      } catch (err) {
        // The batch's transaction was rolled back (claim failed, or the connection broke).
        this.#log.error({ err, sweeper: handler.name }, 'sweep batch failed');
      }
      if (count > 0) {
        advanced.push({ sweeper: handler.name, count });
        total += count;
      }
    }
    return { advanced, total };
  }

  /** Runs batches of one handler until no row is due (or a batch makes no progress). */
  async #drain(handler: SweepHandler<unknown>): Promise<number> {
    const limit = handler.batchSize ?? DEFAULT_BATCH_SIZE;
    let count = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const { claimed, applied } = await this.#batch(handler, limit);
      count += applied;
      // Fewer rows than the limit: nothing else is due. No row applied: the due rows all fail,
      // retrying them now would spin; the next run tries again.
      if (claimed < limit || applied === 0) return count;
    }
    this.#log.warn({ sweeper: handler.name, batches: MAX_BATCHES_PER_RUN }, 'sweep stopped: rows keep coming due');
    return count;
  }

  async #batch(
    handler: SweepHandler<unknown>,
    limit: number,
  ): Promise<{ claimed: number; applied: number; appliedRows: unknown[] }> {
    const now = this.#clock.now();
    const afterCommit: AfterCommit[] = [];
    const result = await this.#db.transaction(async (tx) => {
      const rows = await handler.claim(tx, now, limit);
      if (handler.applyBatch && rows.length > 0) {
        const applyBatch = handler.applyBatch.bind(handler);
        try {
          const then = await tx.transaction(async (sp) => applyBatch(sp, rows, now));
          if (typeof then === 'function') afterCommit.push(then);
          return { claimed: rows.length, applied: rows.length, appliedRows: rows };
        } catch (err) {
          // The whole batch was rolled back to its savepoint; the rows get one savepoint each below.
          this.#log.warn(
            { err, sweeper: handler.name, rows: rows.length },
            'sweep batch failed as a whole; applying its rows one by one',
          );
        }
      }
      let applied = 0;
      const appliedRows: unknown[] = [];
      for (const row of rows) {
        try {
          // A savepoint per row: a failing row is rolled back alone, the batch goes on.
          const then = await tx.transaction(async (sp) => handler.apply(sp, row, now));
          if (typeof then === 'function') afterCommit.push(then);
          applied++;
          appliedRows.push(row);
        } catch (err) {
          this.#log.error({ err, sweeper: handler.name, row: describeRow(row) }, 'sweep row failed');
        }
      }
      return { claimed: rows.length, applied, appliedRows };
    });
    for (const then of afterCommit) {
      try {
        await then();
      } catch (err) {
        this.#log.error({ err, sweeper: handler.name }, 'sweep after-commit step failed');
      }
    }
    this.#reportLag(handler, result.appliedRows, now);
    return result;
  }

  /** The lag of each applied row whose deadline is known: the batch's clock reading minus its due time. */
  #reportLag(handler: SweepHandler<unknown>, rows: unknown[], now: Date): void {
    const onApplied = this.#observer.onApplied;
    if (!onApplied) return;
    for (const row of rows) {
      // Known for rows claimed through claimDue (the deadline column is in its query).
      const due = row !== null && typeof row === 'object' ? dueTimes.get(row) : undefined;
      if (due) onApplied(handler.name, Math.max(0, (now.getTime() - due.getTime()) / 1000));
    }
  }
}

/** A short, log-safe description of a row: its id-like fields. */
function describeRow(row: unknown): unknown {
  if (row === null || typeof row !== 'object') return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === 'id' || k.endsWith('Id') || k.endsWith('_id')) out[k] = typeof v === 'bigint' ? v.toString() : v;
  }
  return out;
}
