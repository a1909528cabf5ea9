import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enginesFor } from '../../../test/helpers.ts';
import { isAppError } from '../../platform/errors.ts';
import {
  checkBooks,
  getBalances,
  getHolds,
  getLines,
  type HoldBatch,
  type HoldInput,
  hold,
  holdBatch,
} from './ledger.service.ts';
import { ledgerSuite } from './ledger.test-support.ts';

/**
 * holdBatch (a lot's bid batch holds its bidders' deposits together) must do what `hold` does for
 * each input in order, each hold refused or made on its own: the unit tests pin the cases, and a
 * property test runs random batches through holdBatch on one set of users and through `hold` one by
 * one (each refusal caught, in one transaction) on a twin set, and compares everything.
 */

describe.each(enginesFor('sql'))('ledger holdBatch on %s', (engine) => {
  const { clock, db, run, newUser, keyCount, observe } = ledgerSuite(engine, 'hb', '2026-02-10T00:00:00Z');

  /** Runs each input through the batch, catching refusals as a caller does; commits the batch. */
  async function throughBatch(batch: HoldBatch, inputs: HoldInput[]): Promise<string[]> {
    const outcomes: string[] = [];
    for (const input of inputs) {
      try {
        await batch.hold(input);
        outcomes.push('ok');
      } catch (err) {
        if (!isAppError(err)) throw err;
        outcomes.push(err.code);
      }
    }
    await batch.commit();
    return outcomes;
  }

  it('holds for several users in one batch, each against what the holds before it left, a refusal keeping nothing', async () => {
    const a = await newUser(5_000);
    const b = await newUser(1_000);
    // A user who never had money: no ledger accounts yet.
    const c = await newUser(0);
    const ref = { type: 'auction', id: `B-${a}`, label: `Deposit: b-${a}.com` };
    const outcomes = await run((tx) =>
      throughBatch(holdBatch(tx, clock.now(), [a, b, c, a]), [
        { userId: a, amountCents: 3_000, ref, idempotencyKey: `hb:1:${a}`, memo: 'first' },
        { userId: b, amountCents: 1_000, ref, idempotencyKey: `hb:2:${a}` },
        // a has 2,000 left: refused, and the next hold of a still finds 2,000.
        { userId: a, amountCents: 2_500, ref, idempotencyKey: `hb:3:${a}` },
        { userId: a, amountCents: 2_000, ref, idempotencyKey: `hb:4:${a}` },
        { userId: c, amountCents: 1_000, ref, idempotencyKey: `hb:5:${a}` },
      ]),
    );
    expect(outcomes).toEqual(['ok', 'ok', 'Funds.InsufficientBalance', 'ok', 'Funds.InsufficientBalance']);
    expect(await getBalances(db(), a)).toEqual({ availableCents: 0, frozenCents: 5_000, earningsCents: 0 });
    expect(await getBalances(db(), b)).toEqual({ availableCents: 0, frozenCents: 1_000, earningsCents: 0 });
    expect(await getBalances(db(), c)).toEqual({ availableCents: 0, frozenCents: 0, earningsCents: 0 });
    expect((await getHolds(db(), a)).map((h) => [h.refId, h.amountCents, h.label])).toEqual([
      [`B-${a}`, 5_000, `Deposit: b-${a}.com`],
    ]);
    expect(await keyCount(`hb:3:${a}`)).toBe(0);
    // The lines: each hold two legs with running balances, newest first.
    const lines = await getLines(db(), { userId: a, kind: 'deposit_hold' }, { limit: 10, offset: 0 });
    expect(lines.items.map((l) => [l.bucket, l.amountCents, l.balanceAfterCents, l.memo])).toEqual([
      ['frozen', 2_000, 5_000, ''],
      ['available', -2_000, 0, ''],
      ['frozen', 3_000, 3_000, 'first'],
      ['available', -3_000, 2_000, 'first'],
    ]);
    expect((await checkBooks(db(), clock.now(), async (id) => id)).balanced).toBe(true);
  });

  it('the refusal says what was asked and what was available, as hold does', async () => {
    const a = await newUser(700);
    const ref = { type: 'auction', id: `R-${a}` };
    const error = await run(async (tx) => {
      const batch = holdBatch(tx, clock.now(), [a]);
      await batch.hold({ userId: a, amountCents: 500, ref, idempotencyKey: `hb:r1:${a}` });
      return batch.hold({ userId: a, amountCents: 300, ref, idempotencyKey: `hb:r2:${a}` }).catch((e: unknown) => e);
    });
    expect(error).toMatchObject({
      code: 'Funds.InsufficientBalance',
      data: { requiredCents: 300, availableCents: 200 },
    });
    // The transaction ended without commit: nothing was written.
    expect(await getBalances(db(), a)).toMatchObject({ availableCents: 700, frozenCents: 0 });
    await expect(
      run((tx) => holdBatch(tx, clock.now(), [a]).hold({ userId: a, amountCents: 0, ref, idempotencyKey: `hb:z` })),
    ).rejects.toMatchObject({ code: 'Ledger.Unbalanced' });
    // A user the batch was not opened for is a programming error, not a refusal.
    const other = await newUser(100);
    await expect(
      run((tx) =>
        holdBatch(tx, clock.now(), [a]).hold({ userId: other, amountCents: 1, ref, idempotencyKey: `hb:o:${a}` }),
      ),
    ).rejects.toThrow(/not one of the batch's users/);
  });

  it('a key recorded before is a replay that moves nothing; the rest of the batch is still held', async () => {
    const a = await newUser(4_000);
    const b = await newUser(4_000);
    const ref = { type: 'auction', id: `P-${a}` };
    const first = await run((tx) =>
      hold(tx, clock.now(), { userId: a, amountCents: 1_000, ref, idempotencyKey: `hb:p1:${a}` }),
    );
    const outcomes = await run((tx) =>
      throughBatch(holdBatch(tx, clock.now(), [a, b]), [
        { userId: b, amountCents: 500, ref, idempotencyKey: `hb:p2:${a}` },
        { userId: a, amountCents: 1_000, ref, idempotencyKey: `hb:p1:${a}` },
        { userId: a, amountCents: 200, ref, idempotencyKey: `hb:p3:${a}` },
        // The same key twice in one batch: held once.
        { userId: b, amountCents: 100, ref, idempotencyKey: `hb:p4:${a}` },
        { userId: b, amountCents: 100, ref, idempotencyKey: `hb:p4:${a}` },
      ]),
    );
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(await getBalances(db(), a)).toMatchObject({ availableCents: 2_800, frozenCents: 1_200 });
    expect(await getBalances(db(), b)).toMatchObject({ availableCents: 3_400, frozenCents: 600 });
    expect((await getHolds(db(), a)).map((h) => h.amountCents)).toEqual([1_200]);
    expect((await getHolds(db(), b)).map((h) => h.amountCents)).toEqual([600]);
    expect(await keyCount(`hb:p1:${a}`)).toBe(1);
    const lines = await getLines(db(), { userId: a, kind: 'deposit_hold' }, { limit: 10, offset: 0 });
    expect(lines.items.map((l) => l.transactionId)).toContain(BigInt(first.transactionId));
    expect(lines.items).toHaveLength(4);
    expect((await checkBooks(db(), clock.now(), async (id) => id)).balanced).toBe(true);
    // A batch without holds writes nothing.
    await run((tx) => holdBatch(tx, clock.now(), [a]).commit());
    expect(await getBalances(db(), a)).toMatchObject({ availableCents: 2_800, frozenCents: 1_200 });
  });

  // ---- Property: holdBatch ≡ hold one by one (each refusal caught) in one transaction ----

  const USERS = 3;
  const REFS = 2;
  type Item = { u: number; ref: number; cents: number; label: boolean; reuse: number | null };
  const itemArb: fc.Arbitrary<Item> = fc.record({
    u: fc.integer({ min: 0, max: USERS - 1 }),
    ref: fc.integer({ min: 0, max: REFS - 1 }),
    // Round amounts: a hold often takes exactly what is left.
    cents: fc.integer({ min: 1, max: 6 }).map((k) => k * 500),
    label: fc.boolean(),
    // Now and then a key used earlier in the same batch.
    reuse: fc.option(fc.nat(), { freq: 5 }),
  });
  const runArb = fc.record({
    funds: fc.array(
      fc.integer({ min: 0, max: 12 }).map((k) => k * 500),
      { minLength: USERS, maxLength: USERS },
    ),
    batches: fc.array(fc.array(itemArb, { minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 4 }),
  });

  it('random batches: holdBatch does what hold does one by one', async () => {
    let runs = 0;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(runArb, async ({ funds, batches }) => {
        runs += 1;
        const batchUsers: bigint[] = [];
        const oneUsers: bigint[] = [];
        for (const cents of funds) {
          batchUsers.push(await newUser(cents));
          oneUsers.push(await newUser(cents));
        }
        for (const [b, items] of batches.entries()) {
          const keys: string[] = [];
          const calls = items.map((item) => {
            const key =
              item.reuse !== null && keys.length > 0 ? (keys[item.reuse % keys.length] as string) : `k${keys.length}`;
            keys.push(key);
            return { ...item, key };
          });
          const inputs = (users: bigint[], tag: string): HoldInput[] =>
            calls.map((c) => ({
              userId: users[c.u] as bigint,
              amountCents: c.cents,
              ref: { type: 'auction', id: `Q${c.ref}`, ...(c.label ? { label: `L${c.key}` } : {}) },
              idempotencyKey: `hbp:${tag}:${runs}:${b}:${c.key}`,
              memo: c.key,
            }));
          const got = await run((tx) => throughBatch(holdBatch(tx, clock.now(), batchUsers), inputs(batchUsers, 'm')));
          const want = await run(async (tx) => {
            const outcomes: string[] = [];
            for (const input of inputs(oneUsers, 'o')) {
              try {
                await hold(tx, clock.now(), input);
                outcomes.push('ok');
              } catch (err) {
                if (!isAppError(err)) throw err;
                outcomes.push(err.code);
              }
            }
            return outcomes;
          });
          expect(got).toEqual(want);
          for (const o of want) seen.add(o);
        }
        expect(await observe(batchUsers)).toEqual(await observe(oneUsers));
      }),
      { numRuns: engine === 'pglite' ? 25 : 15, seed: 20260210 },
    );
    // Holds and refusals both happened.
    expect([...seen].sort()).toEqual(['Funds.InsufficientBalance', 'ok']);
    expect((await checkBooks(db(), clock.now(), async (id) => id)).balanced).toBe(true);
  }, 300_000);
});
