import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, openTestDatabase } from '../../../test/helpers.ts';
import type { Database, Tx } from '../../db/open-database.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createUser } from '../account/account.service.ts';
import {
  type AccountRef,
  capture,
  checkBooks,
  getBalances,
  getHolds,
  getLines,
  getSpentSince,
  heldFor,
  heldForMany,
  hold,
  release,
  transfer,
} from './ledger.service.ts';

type Rows<T> = { rows: T[] };

/** The SQLSTATE of a database error, wherever the driver put it. */
function sqlState(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}

async function dbError(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (err) {
    return sqlState(err);
  }
  throw new Error('the statement was expected to fail');
}

describe.each(enginesFor('sql'))('ledger on %s', (engine) => {
  let database: Database;
  const clock = new ManualClock(new Date('2026-01-05T00:00:00Z'));
  let n = 0;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => database?.close());

  async function newUser(): Promise<bigint> {
    n += 1;
    const user = await createUser(database.db, clock, {
      email: `ledger-${n}@example.com`,
      password: 'Passw0rd!x',
      nickname: `l${n}`,
    });
    return user.id;
  }

  const run = <T>(fn: (tx: Tx) => Promise<T>) => database.db.transaction(fn);
  const avail = (userId: bigint): AccountRef => ({ userId, bucket: 'available' });

  async function topUp(userId: bigint, cents: number, key = `topup:${userId}:${cents}:${n++}`) {
    return run((tx) =>
      transfer(tx, clock.now(), {
        kind: 'recharge',
        idempotencyKey: key,
        postings: [
          { account: { platform: 'gateway' }, amountCents: -cents },
          { account: avail(userId), amountCents: cents },
        ],
      }),
    );
  }

  async function transactionsWithKey(key: string): Promise<number> {
    const found = (await database.db.execute(
      sql`select count(*) as n from ledger_transactions where idempotency_key = ${key}`,
    )) as unknown as Rows<{ n: string }>;
    return Number(found.rows[0]?.n);
  }

  async function books() {
    return checkBooks(database.db, clock.now(), async (id) => `NO-${id}`);
  }

  describe('balanced postings', () => {
    it.each([
      ['do not sum to zero', [-1000, 999]],
      ['have a single leg', [1000]],
      ['have a zero leg', [0, 0]],
      ['are not whole cents', [-10.5, 10.5]],
      ['overflow a safe integer', [-Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER + 1]],
    ])('refuses postings that %s (Ledger.Unbalanced) and writes nothing', async (_, amounts) => {
      const userId = await newUser();
      const key = `unbalanced:${userId}`;
      const refs: AccountRef[] = [{ platform: 'gateway' }, avail(userId)];
      await expect(
        run((tx) =>
          transfer(tx, clock.now(), {
            kind: 'adjustment',
            idempotencyKey: key,
            postings: amounts.map((amountCents, i) => ({ account: refs[i] as AccountRef, amountCents })),
          }),
        ),
      ).rejects.toMatchObject({ code: 'Ledger.Unbalanced' });
      expect(await transactionsWithKey(key)).toBe(0);
      expect(await getBalances(database.db, userId)).toEqual({ availableCents: 0, frozenCents: 0, earningsCents: 0 });
    });

    it('accepts three legs and two legs on one account, with running balances per posting', async () => {
      const payer = await newUser();
      const seller = await newUser();
      await topUp(payer, 10_000);
      await run((tx) =>
        transfer(tx, clock.now(), {
          kind: 'order_payment',
          idempotencyKey: `split:${payer}`,
          postings: [
            { account: avail(payer), amountCents: -6_000 },
            { account: avail(payer), amountCents: -1_000 },
            { account: { userId: seller, bucket: 'earnings' }, amountCents: 6_500 },
            { account: { platform: 'fees' }, amountCents: 500 },
          ],
        }),
      );
      expect(await getBalances(database.db, payer)).toMatchObject({ availableCents: 3_000 });
      expect(await getBalances(database.db, seller)).toMatchObject({ earningsCents: 6_500 });
      const lines = await getLines(database.db, { userId: payer }, { limit: 10, offset: 0 });
      expect(lines.total).toBe(3);
      expect(lines.items.map((l) => [l.kind, l.amountCents, l.balanceAfterCents])).toEqual([
        ['order_payment', -1_000, 3_000],
        ['order_payment', -6_000, 4_000],
        ['recharge', 10_000, 10_000],
      ]);
    });
  });

  describe('available never below zero', () => {
    it('refuses an overdraw with Funds.InsufficientBalance and moves nothing', async () => {
      const userId = await newUser();
      await topUp(userId, 500);
      await expect(
        run((tx) =>
          transfer(tx, clock.now(), {
            kind: 'order_payment',
            idempotencyKey: `overdraw:${userId}`,
            postings: [
              { account: avail(userId), amountCents: -501 },
              { account: { platform: 'escrow' }, amountCents: 501 },
            ],
          }),
        ),
      ).rejects.toMatchObject({
        code: 'Funds.InsufficientBalance',
        status: 402,
        data: { requiredCents: 501, availableCents: 500 },
      });
      await expect(
        run((tx) =>
          hold(tx, clock.now(), {
            userId,
            amountCents: 501,
            ref: { type: 'auction', id: 'A' },
            idempotencyKey: `overhold:${userId}`,
          }),
        ),
      ).rejects.toMatchObject({ code: 'Funds.InsufficientBalance', data: { requiredCents: 501, availableCents: 500 } });
      expect(await getBalances(database.db, userId)).toEqual({ availableCents: 500, frozenCents: 0, earningsCents: 0 });
      expect(await getHolds(database.db, userId)).toEqual([]);
    });

    it('the database refuses a negative user balance even when the code is bypassed', async () => {
      const userId = await newUser();
      await topUp(userId, 100);
      for (const bucket of ['available', 'frozen', 'earnings']) {
        if (bucket !== 'available') {
          await database.db.execute(sql`insert into ledger_accounts (key, owner_kind, user_id, bucket, updated_at)
            values (${`user:${userId}:${bucket}`}, 'user', ${userId.toString()}, ${bucket}, now())
            on conflict (key) do nothing`);
        }
        const state = await dbError(
          database.db.execute(
            sql`update ledger_accounts set balance_cents = -1 where key = ${`user:${userId}:${bucket}`}`,
          ),
        );
        expect(state, bucket).toBe('23514'); // check_violation
      }
      expect(await getBalances(database.db, userId)).toEqual({ availableCents: 100, frozenCents: 0, earningsCents: 0 });
      // Platform accounts may go negative: the gateway mirrors what the provider owes us.
      const gateway = (await database.db.execute(
        sql`select balance_cents from ledger_accounts where key = 'platform:gateway'`,
      )) as unknown as Rows<{ balance_cents: string }>;
      expect(Number(gateway.rows[0]?.balance_cents)).toBeLessThan(0);
    });

    it('a refusal caught inside the caller’s transaction leaves no trace, and its key works later', async () => {
      const userId = await newUser();
      const key = `pay:caught:${userId}`;
      const pay = (tx: Tx) =>
        transfer(tx, clock.now(), {
          kind: 'order_payment',
          idempotencyKey: key,
          postings: [
            { account: avail(userId), amountCents: -2_000 },
            { account: { platform: 'escrow' }, amountCents: 2_000 },
          ],
        });
      const outcome = await run(async (tx) => {
        try {
          await pay(tx);
          return 'paid';
        } catch (err) {
          return (err as { code: string }).code;
        }
      });
      expect(outcome).toBe('Funds.InsufficientBalance');
      expect(await transactionsWithKey(key)).toBe(0);
      await topUp(userId, 2_000);
      expect(await run(pay)).toMatchObject({ replayed: false });
      expect(await getBalances(database.db, userId)).toMatchObject({ availableCents: 0 });
      expect((await books()).unbalancedTransactions).toEqual([]);
    });
  });

  describe('idempotency keys', () => {
    it('a replayed key returns the first transaction and moves nothing, whatever it now asks', async () => {
      const userId = await newUser();
      const first = await topUp(userId, 1_000, `recharge:R-${userId}`);
      expect(first.replayed).toBe(false);
      const again = await topUp(userId, 1_000, `recharge:R-${userId}`);
      expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
      // The same key with other postings, even ones that would be refused now, is still the first event.
      const other = await run((tx) =>
        transfer(tx, clock.now(), {
          kind: 'order_payment',
          idempotencyKey: `recharge:R-${userId}`,
          postings: [
            { account: avail(userId), amountCents: -5_000 },
            { account: { platform: 'escrow' }, amountCents: 5_000 },
          ],
        }),
      );
      expect(other).toEqual({ transactionId: first.transactionId, replayed: true });
      expect(await getBalances(database.db, userId)).toMatchObject({ availableCents: 1_000 });
      expect(await transactionsWithKey(`recharge:R-${userId}`)).toBe(1);
    });

    it('replays of hold, release and capture move nothing and leave the holds alone', async () => {
      const userId = await newUser();
      await topUp(userId, 3_000);
      const ref = { type: 'auction', id: 'A-replay' };
      const h = { userId, amountCents: 1_000, ref, idempotencyKey: `hold:${userId}` };
      expect((await run((tx) => hold(tx, clock.now(), h))).replayed).toBe(false);
      expect((await run((tx) => hold(tx, clock.now(), h))).replayed).toBe(true);
      const r = { userId, amountCents: 400, ref, idempotencyKey: `release:${userId}` };
      expect((await run((tx) => release(tx, clock.now(), r))).replayed).toBe(false);
      // Replayed even though 600 is now held and the first release would still fit, and a replay
      // of the release key asking for more than is held is a replay, not a refusal.
      expect((await run((tx) => release(tx, clock.now(), r))).replayed).toBe(true);
      expect((await run((tx) => release(tx, clock.now(), { ...r, amountCents: 10_000 }))).replayed).toBe(true);
      const c = { ...r, amountCents: 600, idempotencyKey: `capture:${userId}`, to: { platform: 'forfeits' } as const };
      expect((await run((tx) => capture(tx, clock.now(), c))).replayed).toBe(false);
      expect((await run((tx) => capture(tx, clock.now(), c))).replayed).toBe(true);
      expect(await getBalances(database.db, userId)).toEqual({
        availableCents: 2_400,
        frozenCents: 0,
        earningsCents: 0,
      });
      expect(await getHolds(database.db, userId)).toEqual([]);
      expect(await heldFor(database.db, userId, ref)).toBe(0);
    });

    it('heldForMany reads one ref’s holds for several users at once (0 for a user holding nothing)', async () => {
      const a = await newUser();
      const b = await newUser();
      const c = await newUser();
      await topUp(a, 2_000);
      await topUp(b, 2_000);
      const ref = { type: 'auction', id: `A-many-${a}` };
      await run((tx) => hold(tx, clock.now(), { userId: a, amountCents: 1_500, ref, idempotencyKey: `many:${a}` }));
      await run((tx) => hold(tx, clock.now(), { userId: b, amountCents: 300, ref, idempotencyKey: `many:${b}` }));
      await run((tx) =>
        hold(tx, clock.now(), { userId: b, amountCents: 200, ref: { ...ref, id: 'other' }, idempotencyKey: `o:${b}` }),
      );
      const held = await heldForMany(database.db, [a, b, c], ref);
      expect(Object.fromEntries(held)).toEqual({ [String(a)]: 1_500, [String(b)]: 300, [String(c)]: 0 });
      expect(await heldForMany(database.db, [], ref)).toEqual(new Map());
    });

    it('a refused call does not use up its key', async () => {
      const userId = await newUser();
      const key = `hold:refused:${userId}`;
      const h = { userId, amountCents: 700, ref: { type: 'auction', id: 'A-late' }, idempotencyKey: key };
      await expect(run((tx) => hold(tx, clock.now(), h))).rejects.toMatchObject({
        code: 'Funds.InsufficientBalance',
      });
      await topUp(userId, 700);
      expect((await run((tx) => hold(tx, clock.now(), h))).replayed).toBe(false);
      expect(await getBalances(database.db, userId)).toMatchObject({ availableCents: 0, frozenCents: 700 });
    });
  });

  describe('the frozen bucket moves only through hold, release and capture', () => {
    it('transfer refuses postings on a user’s frozen bucket, capture refuses one as target', async () => {
      const userId = await newUser();
      await topUp(userId, 1_000);
      await expect(
        run((tx) =>
          transfer(tx, clock.now(), {
            kind: 'adjustment',
            idempotencyKey: `frozen:${userId}`,
            postings: [
              { account: avail(userId), amountCents: -100 },
              { account: { userId, bucket: 'frozen' }, amountCents: 100 },
            ],
          }),
        ),
      ).rejects.toThrow(/hold\/release\/capture/);
      await run((tx) =>
        hold(tx, clock.now(), {
          userId,
          amountCents: 100,
          ref: { type: 'auction', id: 'A' },
          idempotencyKey: `h:${userId}`,
        }),
      );
      const other = await newUser();
      await expect(
        run((tx) =>
          capture(tx, clock.now(), {
            userId,
            amountCents: 100,
            ref: { type: 'auction', id: 'A' },
            idempotencyKey: `c:${userId}`,
            to: { userId: other, bucket: 'frozen' },
          }),
        ),
      ).rejects.toThrow(/frozen/);
      expect(await getBalances(database.db, userId)).toMatchObject({ availableCents: 900, frozenCents: 100 });
    });

    it('keeps one hold per reference with its label, and the frozen bucket equal to their sum', async () => {
      const userId = await newUser();
      await topUp(userId, 10_000);
      const at = (id: string, amountCents: number, key: string, label?: string) =>
        run((tx) =>
          hold(tx, clock.now(), {
            userId,
            amountCents,
            ref: { type: 'auction', id, ...(label === undefined ? {} : { label }) },
            idempotencyKey: key,
          }),
        );
      await at('A1', 1_000, 'k1', 'Deposit: a.com');
      await at('A1', 500, 'k2'); // no label: the first one stays
      await at('A2', 2_000, 'k3', 'Deposit: b.net');
      await at('A2', 100, 'k4', 'Deposit: c.org'); // a new label replaces it
      const holds = await getHolds(database.db, userId);
      expect(holds.map((h) => [h.refType, h.refId, h.label, h.amountCents]).sort()).toEqual([
        ['auction', 'A1', 'Deposit: a.com', 1_500],
        ['auction', 'A2', 'Deposit: c.org', 2_100],
      ]);
      expect(await getBalances(database.db, userId)).toMatchObject({ availableCents: 6_400, frozenCents: 3_600 });

      // More than held, or an unknown reference: Funds.InvalidTransition.
      for (const [id, amountCents] of [
        ['A1', 1_501],
        ['A9', 1],
      ] as const) {
        await expect(
          run((tx) =>
            release(tx, clock.now(), {
              userId,
              amountCents,
              ref: { type: 'auction', id },
              idempotencyKey: `r:${id}:${amountCents}`,
            }),
          ),
        ).rejects.toMatchObject({ code: 'Funds.InvalidTransition' });
      }
      // Another user's hold of the same reference is theirs alone.
      const other = await newUser();
      await expect(
        run((tx) =>
          release(tx, clock.now(), {
            userId: other,
            amountCents: 1,
            ref: { type: 'auction', id: 'A1' },
            idempotencyKey: `r:other`,
          }),
        ),
      ).rejects.toMatchObject({ code: 'Funds.InvalidTransition' });

      await run((tx) =>
        release(tx, clock.now(), {
          userId,
          amountCents: 1_500,
          ref: { type: 'auction', id: 'A1' },
          idempotencyKey: 'r1',
        }),
      );
      await run((tx) =>
        capture(tx, clock.now(), {
          userId,
          amountCents: 2_100,
          ref: { type: 'auction', id: 'A2' },
          idempotencyKey: 'c2',
          kind: 'order_payment',
          to: { platform: 'escrow' },
        }),
      );
      expect(await getHolds(database.db, userId)).toEqual([]);
      expect(await getBalances(database.db, userId)).toEqual({
        availableCents: 7_900,
        frozenCents: 0,
        earningsCents: 0,
      });
      // A hold after the last one was taken starts afresh, with its own label.
      await at('A1', 10, 'k5');
      expect((await getHolds(database.db, userId)).map((h) => [h.refId, h.label, h.amountCents])).toEqual([
        ['A1', '', 10],
      ]);
      expect(await books()).toMatchObject({ balanced: true });
    });

    it('refuses non-positive and fractional hold amounts (Ledger.Unbalanced)', async () => {
      const userId = await newUser();
      await topUp(userId, 1_000);
      for (const amountCents of [0, -5, 1.5]) {
        await expect(
          run((tx) =>
            hold(tx, clock.now(), {
              userId,
              amountCents,
              ref: { type: 'auction', id: 'A' },
              idempotencyKey: `bad:${amountCents}`,
            }),
          ),
        ).rejects.toMatchObject({ code: 'Ledger.Unbalanced' });
      }
      expect(await getBalances(database.db, userId)).toMatchObject({ availableCents: 1_000, frozenCents: 0 });
    });
  });

  describe('append-only postings', () => {
    it('the database refuses UPDATE and DELETE of postings and transactions', async () => {
      const userId = await newUser();
      const { transactionId } = await topUp(userId, 250);
      const statements = [
        sql`update ledger_postings set amount_cents = amount_cents * 2 where transaction_id = ${transactionId}`,
        sql`delete from ledger_postings where transaction_id = ${transactionId}`,
        sql`update ledger_transactions set kind = 'adjustment' where id = ${transactionId}`,
        sql`delete from ledger_transactions where id = ${transactionId}`,
      ];
      for (const statement of statements) {
        expect(await dbError(database.db.execute(statement))).toBe('23001'); // restrict_violation
      }
      const postings = (await database.db.execute(
        sql`select amount_cents from ledger_postings where transaction_id = ${transactionId} order by id`,
      )) as unknown as Rows<{ amount_cents: string }>;
      expect(postings.rows.map((r) => Number(r.amount_cents))).toEqual([-250, 250]);
      expect(await getBalances(database.db, userId)).toMatchObject({ availableCents: 250 });
    });
  });

  describe('history and spending', () => {
    it('filters lines by kind, bucket and date, pages them, and counts net order spending', async () => {
      const userId = await newUser();
      const start = clock.now();
      await topUp(userId, 9_000);
      clock.advance(3600);
      const pay = (key: string, cents: number, kind: 'order_payment' | 'order_refund') =>
        run((tx) =>
          transfer(tx, clock.now(), {
            kind,
            idempotencyKey: key,
            postings: [
              { account: avail(userId), amountCents: kind === 'order_payment' ? -cents : cents },
              { account: { platform: 'escrow' }, amountCents: kind === 'order_payment' ? cents : -cents },
            ],
          }),
        );
      await pay(`o1:${userId}`, 3_000, 'order_payment');
      clock.advance(3600);
      const later = clock.now();
      await pay(`o2:${userId}`, 2_000, 'order_payment');
      await pay(`o1r:${userId}`, 500, 'order_refund');
      await run((tx) =>
        hold(tx, clock.now(), {
          userId,
          amountCents: 100,
          ref: { type: 'auction', id: 'X' },
          idempotencyKey: `hx:${userId}`,
        }),
      );

      const all = await getLines(database.db, { userId }, { limit: 2, offset: 0 });
      expect(all.total).toBe(6);
      expect(all.items.map((l) => [l.kind, l.bucket, l.amountCents])).toEqual([
        ['deposit_hold', 'frozen', 100],
        ['deposit_hold', 'available', -100],
      ]);
      const page3 = await getLines(database.db, { userId }, { limit: 2, offset: 4 });
      expect(page3.items.map((l) => l.kind)).toEqual(['order_payment', 'recharge']);
      expect((await getLines(database.db, { userId, kind: 'order_payment' }, { limit: 10, offset: 0 })).total).toBe(2);
      expect((await getLines(database.db, { userId, bucket: 'frozen' }, { limit: 10, offset: 0 })).total).toBe(1);
      expect((await getLines(database.db, { userId, from: later }, { limit: 10, offset: 0 })).total).toBe(4);
      expect((await getLines(database.db, { userId, to: later }, { limit: 10, offset: 0 })).total).toBe(2);

      expect(await getSpentSince(database.db, userId, start)).toBe(4_500);
      expect(await getSpentSince(database.db, userId, later)).toBe(1_500);
      clock.advance(1);
      expect(await getSpentSince(database.db, userId, clock.now())).toBe(0);
    });
  });

  describe('the books check', () => {
    it('balances after all of the above, with the platform accounts listed', async () => {
      const result = await books();
      expect(result).toMatchObject({
        balanced: true,
        postingsSum: 0,
        negativeAvailable: [],
        unbalancedTransactions: [],
        mismatchedBalances: [],
      });
      expect(result.transactions).toBeGreaterThan(10);
      expect(result.postings).toBeGreaterThanOrEqual(result.transactions * 2);
      expect(result.platform.gateway).toBeLessThan(0);
      expect(Object.values(result.platform).reduce((s, v) => s + v, 0)).toBeLessThan(0);
    });
  });
});

/** Tampering the code never does, on a database of its own: the check must notice each kind. */
describe.each(enginesFor('sql'))('the books check finds tampering on %s', (engine) => {
  let database: Database;
  const clock = new ManualClock(new Date('2026-01-05T00:00:00Z'));
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => database?.close());

  it('reports a stored balance off its postings, a frozen bucket off its holds, a transaction without postings and a negative available', async () => {
    const user = await createUser(database.db, clock, {
      email: 't@example.com',
      password: 'Passw0rd!x',
      nickname: 't',
    });
    const userId = user.id;
    const now = clock.now();
    await database.db.transaction((tx) =>
      transfer(tx, now, {
        kind: 'recharge',
        idempotencyKey: 'r1',
        postings: [
          { account: { platform: 'gateway' }, amountCents: -5_000 },
          { account: { userId, bucket: 'available' }, amountCents: 5_000 },
        ],
      }),
    );
    await database.db.transaction((tx) =>
      hold(tx, now, { userId, amountCents: 1_000, ref: { type: 'auction', id: 'A' }, idempotencyKey: 'h1' }),
    );
    const accountNoOf = async (id: string) => `NO-${id}`;
    expect(await checkBooks(database.db, now, accountNoOf)).toMatchObject({ balanced: true, accounts: 3 });

    await database.db.execute(
      sql`update ledger_accounts set balance_cents = balance_cents + 1 where key = ${`user:${userId}:available`}`,
    );
    let result = await checkBooks(database.db, now, accountNoOf);
    expect(result.balanced).toBe(false);
    expect(result.mismatchedBalances).toEqual([
      { account: `user:${userId}:available`, balanceCents: 4_001, postingsCents: 4_000 },
    ]);
    await database.db.execute(
      sql`update ledger_accounts set balance_cents = balance_cents - 1 where key = ${`user:${userId}:available`}`,
    );

    await database.db.execute(sql`update ledger_holds set amount_cents = 900 where user_id = ${userId.toString()}`);
    result = await checkBooks(database.db, now, accountNoOf);
    expect(result.mismatchedBalances).toEqual([
      { account: `user:${userId}:holds`, balanceCents: 1_000, postingsCents: 900 },
    ]);
    await database.db.execute(sql`update ledger_holds set amount_cents = 1000 where user_id = ${userId.toString()}`);

    const ghost = (await database.db.execute(
      sql`insert into ledger_transactions (kind, idempotency_key, memo, created_at)
          values ('adjustment', 'ghost', '', now()) returning id`,
    )) as unknown as Rows<{ id: string }>;
    result = await checkBooks(database.db, now, accountNoOf);
    expect(result.unbalancedTransactions).toEqual([String(ghost.rows[0]?.id)]);
    expect(result.balanced).toBe(false);

    // Only with the CHECK dropped can a negative available exist; the check still reports it.
    await database.db.execute(sql`alter table ledger_accounts drop constraint ledger_accounts_user_non_negative`);
    const gatewayId = (await database.db.execute(
      sql`select id from ledger_accounts where key = 'platform:gateway'`,
    )) as unknown as Rows<{ id: string }>;
    const availableId = (await database.db.execute(
      sql`select id from ledger_accounts where key = ${`user:${userId}:available`}`,
    )) as unknown as Rows<{ id: string }>;
    await database.db.execute(sql`insert into ledger_postings (transaction_id, account_id, amount_cents, balance_after_cents, created_at)
      values (${String(ghost.rows[0]?.id)}, ${String(availableId.rows[0]?.id)}, -6000, -2000, now()),
             (${String(ghost.rows[0]?.id)}, ${String(gatewayId.rows[0]?.id)}, 6000, 1000, now())`);
    await database.db.execute(
      sql`update ledger_accounts set balance_cents = balance_cents - 6000 where key = ${`user:${userId}:available`}`,
    );
    await database.db.execute(
      sql`update ledger_accounts set balance_cents = balance_cents + 6000 where key = 'platform:gateway'`,
    );
    result = await checkBooks(database.db, now, accountNoOf);
    expect(result).toMatchObject({
      balanced: false,
      postingsSum: 0,
      unbalancedTransactions: [],
      mismatchedBalances: [],
      negativeAvailable: [{ accountNo: `NO-${userId}`, balanceCents: -2_000 }],
    });
  });
});
