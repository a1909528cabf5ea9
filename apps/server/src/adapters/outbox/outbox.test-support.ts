import { afterAll, beforeAll } from 'vitest';
import { type Engine, openTestDatabase } from '../../../test/helpers.ts';
import type { Database, Db } from '../../db/open-database.ts';
import { ManualClock } from '../../platform/clock.ts';
import { Outbox } from './outbox.ts';

/**
 * The outbox the e-mail, SMS and outbox suites write to: a test database opened before the
 * suite's tests and closed after, an Outbox on it and the clock it stamps messages with
 * (2026-01-05 UTC until a test moves it).
 */
export function outboxSuite(engine: Engine) {
  const clock = new ManualClock(new Date('2026-01-05T00:00:00.000Z'));
  let database: Database | undefined;
  let outbox: Outbox | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(engine, 2);
    outbox = new Outbox(database.db, clock);
  });
  afterAll(async () => database?.close());

  return {
    clock,
    get db(): Db {
      if (!database) throw new Error('the outbox suite database is not open');
      return database.db;
    },
    get outbox(): Outbox {
      if (!outbox) throw new Error('the outbox suite database is not open');
      return outbox;
    },
  };
}
