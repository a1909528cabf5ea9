import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type ENGINES, openTestDatabase } from '../../../test/helpers.ts';
import type { Database, Tx } from '../../db/open-database.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createUser } from '../account/account.service.ts';
import { getBalances, getHolds, getLines, transfer } from './ledger.service.ts';

/**
 * A test database for a ledger suite (opened before its tests, closed after) with the helpers the
 * suites share: new users (optionally with money to spend), a transaction runner and a count of
 * the transactions recorded under a key prefix.
 */
export function ledgerSuite(engine: (typeof ENGINES)[number], tag: string, startsAt: string) {
  let database: Database | undefined;
  const clock = new ManualClock(new Date(startsAt));
  let n = 0;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => database?.close());

  const db = () => {
    if (!database) throw new Error('the ledger suite database is not open');
    return database.db;
  };
  const run = <T>(fn: (tx: Tx) => Promise<T>) => db().transaction(fn);
  const next = () => ++n;

  /** A new user; with `availableCents`, recharged that much (from the gateway) first. */
  async function newUser(availableCents = 0): Promise<bigint> {
    const k = next();
    const user = await createUser(db(), clock, {
      email: `${tag}-${k}-${Date.now().toString(36)}@example.com`,
      password: 'Passw0rd!x',
      nickname: `${tag}${k}`,
    });
    if (availableCents > 0) await recharge(user.id, availableCents);
    return user.id;
  }

  async function recharge(userId: bigint, cents: number): Promise<void> {
    const k = next();
    await run((tx) =>
      transfer(tx, clock.now(), {
        kind: 'recharge',
        idempotencyKey: `${tag}:topup:${userId}:${k}`,
        postings: [
          { account: { platform: 'gateway' }, amountCents: -cents },
          { account: { userId, bucket: 'available' }, amountCents: cents },
        ],
      }),
    );
  }

  async function keyCount(prefix: string): Promise<number> {
    const found = (await db().execute(
      sql`select count(*) as n from ledger_transactions where idempotency_key like ${`${prefix}%`}`,
    )) as unknown as { rows: { n: string }[] };
    return Number(found.rows[0]?.n);
  }

  /** Balances, holds and every line of the users, in order: what twin worlds are compared by. */
  async function observe(users: bigint[]): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const id of users) {
      const lines = await getLines(db(), { userId: id }, { limit: 500, offset: 0 });
      out.push({
        balances: await getBalances(db(), id),
        holds: (await getHolds(db(), id)).map((h) => `${h.refType}/${h.refId} ${h.amountCents} ${h.label}`).sort(),
        lines: lines.items.map((l) => [l.kind, l.bucket, l.amountCents, l.balanceAfterCents, l.refId, l.memo]),
      });
    }
    return out;
  }

  return { clock, db, run, next, newUser, recharge, keyCount, observe };
}
