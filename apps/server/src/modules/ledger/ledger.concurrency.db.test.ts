import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database, Tx } from '../../db/open-database.ts';
import { ManualClock } from '../../platform/clock.ts';
import { isAppError } from '../../platform/errors.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { createUser } from '../account/account.service.ts';
import {
  type AccountRef,
  capture,
  checkBooks,
  getBalances,
  getHolds,
  hold,
  release,
  type TransferResult,
  transfer,
} from './ledger.service.ts';

/**
 * Concurrency on PostgreSQL (PGlite runs one transaction at a time, so it cannot race): 64
 * clients on a pool of 64 connections. Any error other than the ledger's own refusals — a
 * deadlock (40P01), a serialization failure (40001), a CHECK violation — fails the test.
 */
const CLIENTS = 64;

type Refusal = 'Funds.InsufficientBalance' | 'Funds.InvalidTransition';

describe.skipIf(!process.env.TEST_DATABASE_URL)('ledger under 64 concurrent clients on PostgreSQL', () => {
  let database: Database;
  const clock = new ManualClock(new Date('2026-01-05T00:00:00Z'));
  let users = 0;

  beforeAll(async () => {
    database = await openTestDatabase('postgres', CLIENTS);
  });
  afterAll(async () => database?.close());

  async function newUser(): Promise<bigint> {
    users += 1;
    const user = await createUser(database.db, clock, {
      email: `race-${users}@example.com`,
      password: 'Passw0rd!x',
      nickname: `r${users}`,
    });
    return user.id;
  }

  /** Runs one ledger call in its own transaction; the ledger's refusals come back as values. */
  async function attempt(fn: (tx: Tx) => Promise<TransferResult>): Promise<TransferResult | Refusal> {
    try {
      return await database.db.transaction(fn);
    } catch (err) {
      if (isAppError(err) && (err.code === 'Funds.InsufficientBalance' || err.code === 'Funds.InvalidTransition')) {
        return err.code;
      }
      throw err;
    }
  }

  async function topUp(userId: bigint, cents: number, key: string) {
    return database.db.transaction((tx) =>
      transfer(tx, clock.now(), {
        kind: 'recharge',
        idempotencyKey: key,
        postings: [
          { account: { platform: 'gateway' }, amountCents: -cents },
          { account: { userId, bucket: 'available' }, amountCents: cents },
        ],
      }),
    );
  }

  async function platform(name: string): Promise<number> {
    const found = (await database.db.execute(
      sql`select balance_cents from ledger_accounts where key = ${`platform:${name}`}`,
    )) as unknown as { rows: { balance_cents: string }[] };
    return Number(found.rows[0]?.balance_cents ?? 0);
  }

  async function expectBooksBalanced() {
    const books = await checkBooks(database.db, clock.now(), async (id) => id);
    expect(books).toMatchObject({
      balanced: true,
      postingsSum: 0,
      negativeAvailable: [],
      unbalancedTransactions: [],
      mismatchedBalances: [],
    });
  }

  it('holds, releases, captures and spends on one account: no negative balance, no lost update, each hold taken once', async () => {
    const userId = await newUser();
    const START = 1_000_000;
    await topUp(userId, START, 'one-account:topup');
    const escrowBefore = await platform('escrow');
    const forfeitsBefore = await platform('forfeits');
    const now = clock.now();

    // What the successful calls add up to, counted by the test.
    let held = 0;
    let released = 0;
    let captured = 0;
    let spent = 0;
    const refusals: Record<string, number> = {};
    const successes: Record<string, number> = {};
    /** Single-use holds any client may try to take whole; each must be taken at most once. */
    const open: { id: string; cents: number }[] = [];
    const takenBy = new Map<string, number>();
    /** Shared holds that clients add to and take parts of at the same time. */
    const pooled = new Map<string, number>();
    let lowest = START;
    let watching = true;

    const count = (bag: Record<string, number>, key: string) => {
      bag[key] = (bag[key] ?? 0) + 1;
    };

    const watcher = (async () => {
      while (watching) {
        const b = await getBalances(database.db, userId);
        lowest = Math.min(lowest, b.availableCents, b.frozenCents);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const ROUNDS = 40;
    const workers = Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const random = seededRandom(client + 1); // per client, so a failure can be replayed
        for (let round = 0; round < ROUNDS; round++) {
          const key = `one:${client}:${round}`;
          const cents = 1 + Math.floor(random() * 8_000);
          const pick = random();
          if (pick < 0.25) {
            const id = `single-${client}-${round}`;
            const r = await attempt((tx) =>
              hold(tx, now, { userId, amountCents: cents, ref: { type: 'auction', id }, idempotencyKey: key }),
            );
            if (typeof r === 'string') count(refusals, `hold:${r}`);
            else {
              held += cents;
              open.push({ id, cents });
              count(successes, 'hold');
            }
          } else if (pick < 0.45 && open.length > 0) {
            // Race for a single-use hold: release or capture it whole.
            const target = open[Math.floor(random() * open.length)] as { id: string; cents: number };
            const toForfeit = random() < 0.3;
            const input = {
              userId,
              amountCents: target.cents,
              ref: { type: 'auction', id: target.id },
              idempotencyKey: key,
            };
            const r = await attempt((tx) =>
              toForfeit ? capture(tx, now, { ...input, to: { platform: 'forfeits' } }) : release(tx, now, input),
            );
            if (typeof r === 'string') count(refusals, `take:${r}`);
            else {
              takenBy.set(target.id, (takenBy.get(target.id) ?? 0) + 1);
              if (toForfeit) captured += target.cents;
              else released += target.cents;
              count(successes, toForfeit ? 'capture' : 'release');
            }
          } else if (pick < 0.6) {
            // Add to a shared hold.
            const id = `pool-${Math.floor(random() * 4)}`;
            const r = await attempt((tx) =>
              hold(tx, now, { userId, amountCents: cents, ref: { type: 'auction', id }, idempotencyKey: key }),
            );
            if (typeof r === 'string') count(refusals, `pool-hold:${r}`);
            else {
              held += cents;
              pooled.set(id, (pooled.get(id) ?? 0) + cents);
              count(successes, 'pool-hold');
            }
          } else if (pick < 0.75) {
            // Take part of a shared hold while others add to it and take from it.
            const id = `pool-${Math.floor(random() * 4)}`;
            const part = 1 + Math.floor(random() * 6_000);
            const r = await attempt((tx) =>
              release(tx, now, { userId, amountCents: part, ref: { type: 'auction', id }, idempotencyKey: key }),
            );
            if (typeof r === 'string') count(refusals, `pool-release:${r}`);
            else {
              released += part;
              pooled.set(id, (pooled.get(id) ?? 0) - part);
              count(successes, 'pool-release');
            }
          } else {
            // Spend: pay an order from the available balance into escrow.
            const r = await attempt((tx) =>
              transfer(tx, now, {
                kind: 'order_payment',
                idempotencyKey: key,
                postings: [
                  { account: { userId, bucket: 'available' }, amountCents: -cents * 3 },
                  { account: { platform: 'escrow' }, amountCents: cents * 3 },
                ],
              }),
            );
            if (typeof r === 'string') count(refusals, `spend:${r}`);
            else {
              spent += cents * 3;
              count(successes, 'spend');
            }
          }
        }
      }),
    );
    try {
      await workers;
    } finally {
      watching = false;
      await watcher;
    }

    // Every kind of call both succeeded and was refused somewhere in the crowd.
    for (const k of ['hold', 'release', 'capture', 'pool-hold', 'pool-release', 'spend']) {
      expect(successes[k] ?? 0, k).toBeGreaterThan(0);
    }
    expect(refusals['spend:Funds.InsufficientBalance'] ?? 0).toBeGreaterThan(0);
    expect(
      (refusals['take:Funds.InvalidTransition'] ?? 0) + (refusals['pool-release:Funds.InvalidTransition'] ?? 0),
    ).toBeGreaterThan(0);

    expect(lowest).toBeGreaterThanOrEqual(0);
    for (const [id, times] of takenBy) expect(times, id).toBe(1);
    const balances = await getBalances(database.db, userId);
    expect(balances).toEqual({
      availableCents: START - held + released - spent,
      frozenCents: held - released - captured,
      earningsCents: 0,
    });
    expect(await platform('escrow')).toBe(escrowBefore + spent);
    expect(await platform('forfeits')).toBe(forfeitsBefore + captured);
    const wantHolds = new Map<string, number>();
    for (const o of open) if (!takenBy.has(o.id)) wantHolds.set(o.id, o.cents);
    for (const [id, cents] of pooled) if (cents > 0) wantHolds.set(id, cents);
    const holds = await getHolds(database.db, userId);
    expect(new Map(holds.map((h) => [h.refId, h.amountCents]))).toEqual(wantHolds);
    const total = Object.values(successes).reduce((s, v) => s + v, 0);
    const recorded = (await database.db.execute(
      sql`select count(*) as n from ledger_transactions where idempotency_key like 'one:%'`,
    )) as unknown as { rows: { n: string }[] };
    expect(Number(recorded.rows[0]?.n)).toBe(total);
    await expectBooksBalanced();
  });

  it('transfers both ways between two users, and into accounts created on the fly, never deadlock', async () => {
    const a = await newUser();
    const b = await newUser();
    await topUp(a, 100_000, 'both:topup:a');
    await topUp(b, 100_000, 'both:topup:b');
    const feesBefore = await platform('fees');
    const now = clock.now();
    // Two more users whose accounts do not exist yet: the clients create them concurrently,
    // naming them in opposite orders.
    const c = await newUser();
    const d = await newUser();
    const net = new Map<bigint, number>([
      [a, 0],
      [b, 0],
    ]);
    let fees = 0;
    let credited = 0;
    const ROUNDS = 25;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const random = seededRandom(1_000 + client);
        const [from, to] = client % 2 === 0 ? [a, b] : [b, a];
        for (let round = 0; round < ROUNDS; round++) {
          const key = `both:${client}:${round}`;
          const cents = 1 + Math.floor(random() * 3_000);
          if (round % 5 === 4) {
            const legs: AccountRef[] = [
              { userId: client % 2 === 0 ? c : d, bucket: 'earnings' },
              { userId: client % 2 === 0 ? d : c, bucket: 'earnings' },
            ];
            await database.db.transaction((tx) =>
              transfer(tx, now, {
                kind: 'sale_proceeds',
                idempotencyKey: key,
                postings: [
                  { account: legs[0] as AccountRef, amountCents: cents },
                  { account: legs[1] as AccountRef, amountCents: cents },
                  { account: { platform: 'escrow' }, amountCents: -2 * cents },
                ],
              }),
            );
            credited += cents;
            continue;
          }
          // A plain move one way, or one with a fee leg (three accounts locked).
          const fee = round % 3 === 0 ? Math.min(50, cents - 1) : 0;
          const r = await attempt((tx) =>
            transfer(tx, now, {
              kind: 'adjustment',
              idempotencyKey: key,
              postings: [
                { account: { userId: from, bucket: 'available' }, amountCents: -cents },
                { account: { userId: to, bucket: 'available' }, amountCents: cents - fee },
                ...(fee > 0 ? [{ account: { platform: 'fees' } as AccountRef, amountCents: fee }] : []),
              ],
            }),
          );
          if (typeof r !== 'string') {
            net.set(from, (net.get(from) ?? 0) - cents);
            net.set(to, (net.get(to) ?? 0) + cents - fee);
            fees += fee;
          }
        }
      }),
    );
    expect((await getBalances(database.db, a)).availableCents).toBe(100_000 + (net.get(a) ?? 0));
    expect((await getBalances(database.db, b)).availableCents).toBe(100_000 + (net.get(b) ?? 0));
    expect(await platform('fees')).toBe(feesBefore + fees);
    expect((await getBalances(database.db, c)).earningsCents).toBe(credited);
    expect((await getBalances(database.db, d)).earningsCents).toBe(credited);
    await expectBooksBalanced();
  });

  it('one idempotency key raced by 64 clients records once', async () => {
    const userId = await newUser();
    const now = clock.now();
    const race = (fn: (tx: Tx) => Promise<TransferResult>) =>
      Promise.all(Array.from({ length: CLIENTS }, () => database.db.transaction(fn)));

    const topUps = await race((tx) =>
      transfer(tx, now, {
        kind: 'recharge',
        idempotencyKey: 'race:recharge',
        postings: [
          { account: { platform: 'gateway' }, amountCents: -10_000 },
          { account: { userId, bucket: 'available' }, amountCents: 10_000 },
        ],
      }),
    );
    expect(topUps.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(topUps.map((r) => r.transactionId)).size).toBe(1);

    // A hold for most of the balance: a second one would be refused, so every replay must be a replay.
    const holds = await race((tx) =>
      hold(tx, now, { userId, amountCents: 9_000, ref: { type: 'auction', id: 'R' }, idempotencyKey: 'race:hold' }),
    );
    expect(holds.filter((r) => !r.replayed)).toHaveLength(1);

    const releases = await race((tx) =>
      release(tx, now, {
        userId,
        amountCents: 9_000,
        ref: { type: 'auction', id: 'R' },
        idempotencyKey: 'race:release',
      }),
    );
    expect(releases.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(releases.map((r) => r.transactionId)).size).toBe(1);

    expect(await getBalances(database.db, userId)).toEqual({
      availableCents: 10_000,
      frozenCents: 0,
      earningsCents: 0,
    });
    expect(await getHolds(database.db, userId)).toEqual([]);
    const recorded = (await database.db.execute(
      sql`select count(*) as n from ledger_transactions where idempotency_key like 'race:%'`,
    )) as unknown as { rows: { n: string }[] };
    expect(Number(recorded.rows[0]?.n)).toBe(3);
    await expectBooksBalanced();
  });
});
