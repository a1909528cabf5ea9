import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enginesFor } from '../../../test/helpers.ts';
import { isAppError } from '../../platform/errors.ts';
import {
  capture,
  captureMany,
  checkBooks,
  getBalances,
  getHolds,
  getLines,
  type HoldInput,
  heldForEach,
  hold,
  release,
  releaseMany,
} from './ledger.service.ts';
import { ledgerSuite } from './ledger.test-support.ts';

/**
 * releaseMany (the closing sweep releases the losers' deposits of many lots at once) must do
 * exactly what `release` does for each input in order, all or nothing: the unit tests below pin
 * the cases, and a property test runs random batches through releaseMany on one set of users and
 * through `release` one by one (in one transaction) on a twin set, and compares everything.
 */

describe.each(enginesFor('sql'))('ledger releaseMany on %s', (engine) => {
  const { clock, db, run, next, newUser, recharge, keyCount, observe } = ledgerSuite(
    engine,
    'rm',
    '2026-01-05T00:00:00Z',
  );

  async function fund(userId: bigint, holds: { refId: string; cents: number }[]) {
    const total = holds.reduce((s, h) => s + h.cents, 0) + 10_000;
    await recharge(userId, total);
    for (const h of holds) {
      const k = next();
      await run((tx) =>
        hold(tx, clock.now(), {
          userId,
          amountCents: h.cents,
          ref: { type: 'auction', id: h.refId, label: `Deposit: ${h.refId}` },
          idempotencyKey: `rm:hold:${userId}:${h.refId}:${k}`,
        }),
      );
    }
    return total;
  }

  it('releases holds of several users and refs in one call, as release would one by one', async () => {
    const a = await newUser();
    const b = await newUser();
    const ta = await fund(a, [
      { refId: `L1-${a}`, cents: 1_000 },
      { refId: `L2-${a}`, cents: 2_500 },
    ]);
    const tb = await fund(b, [{ refId: `L1-${a}`, cents: 700 }]);
    const ref = (id: string) => ({ type: 'auction', id });
    const inputs: HoldInput[] = [
      { userId: a, amountCents: 1_000, ref: ref(`L1-${a}`), idempotencyKey: `rm:a1:${a}`, memo: 'lost' },
      { userId: b, amountCents: 700, ref: ref(`L1-${a}`), idempotencyKey: `rm:b1:${a}`, memo: 'lost' },
      // Part of a hold, then the rest of it, in the same call.
      { userId: a, amountCents: 500, ref: ref(`L2-${a}`), idempotencyKey: `rm:a2:${a}` },
      { userId: a, amountCents: 2_000, ref: ref(`L2-${a}`), idempotencyKey: `rm:a3:${a}`, kind: 'deposit_release' },
    ];
    const results = await run((tx) => releaseMany(tx, clock.now(), inputs));
    expect(results.map((r) => r.replayed)).toEqual([false, false, false, false]);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(4);
    expect(await getBalances(db(), a)).toEqual({ availableCents: ta, frozenCents: 0, earningsCents: 0 });
    expect(await getBalances(db(), b)).toEqual({ availableCents: tb, frozenCents: 0, earningsCents: 0 });
    expect(await getHolds(db(), a)).toEqual([]);
    expect(await getHolds(db(), b)).toEqual([]);
    // The lines: each release two legs, with running balances, newest first.
    const lines = await getLines(db(), { userId: a, kind: 'deposit_release' }, { limit: 10, offset: 0 });
    expect(lines.items.map((l) => [l.bucket, l.amountCents, l.balanceAfterCents, l.memo])).toEqual([
      ['available', 2_000, ta, ''],
      ['frozen', -2_000, 0, ''],
      ['available', 500, ta - 2_000, ''],
      ['frozen', -500, 2_000, ''],
      ['available', 1_000, ta - 2_500, 'lost'],
      ['frozen', -1_000, 2_500, 'lost'],
    ]);
    expect(lines.items[5]).toMatchObject({ refType: 'auction', refId: `L1-${a}` });
    expect((await checkBooks(db(), clock.now(), async (id) => id)).balanced).toBe(true);
    expect(await run((tx) => releaseMany(tx, clock.now(), []))).toEqual([]);
  });

  it('a recorded key, or one repeated within the call, is a replay that moves nothing', async () => {
    const a = await newUser();
    const total = await fund(a, [{ refId: `R-${a}`, cents: 900 }]);
    const ref = { type: 'auction', id: `R-${a}` };
    const first = await run((tx) =>
      release(tx, clock.now(), { userId: a, amountCents: 300, ref, idempotencyKey: `rm:r1:${a}` }),
    );
    const results = await run((tx) =>
      releaseMany(tx, clock.now(), [
        // Recorded before: a replay even though it asks for more than is held now.
        { userId: a, amountCents: 5_000, ref, idempotencyKey: `rm:r1:${a}` },
        { userId: a, amountCents: 200, ref, idempotencyKey: `rm:r2:${a}` },
        { userId: a, amountCents: 200, ref, idempotencyKey: `rm:r2:${a}` },
      ]),
    );
    expect(results[0]).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(results[1]?.replayed).toBe(false);
    expect(results[2]).toEqual({ transactionId: results[1]?.transactionId, replayed: true });
    expect(await getBalances(db(), a)).toMatchObject({ availableCents: total - 400, frozenCents: 400 });
    expect((await getHolds(db(), a)).map((h) => h.amountCents)).toEqual([400]);
    // The whole call again: all replays.
    const again = await run((tx) =>
      releaseMany(tx, clock.now(), [{ userId: a, amountCents: 200, ref, idempotencyKey: `rm:r2:${a}` }]),
    );
    expect(again).toEqual([{ transactionId: results[1]?.transactionId, replayed: true }]);
    expect(await getBalances(db(), a)).toMatchObject({ frozenCents: 400 });
  });

  it('all or nothing: an input its hold does not cover refuses the call, leaving no trace and its keys unused', async () => {
    const a = await newUser();
    const b = await newUser();
    const ta = await fund(a, [{ refId: `X-${a}`, cents: 1_000 }]);
    const tb = await fund(b, [{ refId: `X-${a}`, cents: 600 }]);
    const ref = { type: 'auction', id: `X-${a}` };
    const inputs: HoldInput[] = [
      { userId: a, amountCents: 1_000, ref, idempotencyKey: `rm:x:a:${a}` },
      { userId: b, amountCents: 601, ref, idempotencyKey: `rm:x:b:${a}` },
    ];
    await expect(run((tx) => releaseMany(tx, clock.now(), inputs))).rejects.toMatchObject({
      code: 'Funds.InvalidTransition',
    });
    // Caught inside the caller's own transaction: the caller's other writes stay, releaseMany's do not.
    await run(async (tx) => {
      await tx.execute(sql`select 1`);
      await expect(releaseMany(tx, clock.now(), inputs)).rejects.toMatchObject({ code: 'Funds.InvalidTransition' });
      // A hold that does not exist at all.
      await expect(
        releaseMany(tx, clock.now(), [
          { userId: a, amountCents: 1, ref: { type: 'auction', id: 'none' }, idempotencyKey: `rm:x:none:${a}` },
        ]),
      ).rejects.toMatchObject({ code: 'Funds.InvalidTransition' });
    });
    expect(await keyCount(`rm:x:`)).toBe(0);
    expect(await getBalances(db(), a)).toMatchObject({ availableCents: ta - 1_000, frozenCents: 1_000 });
    expect(await getBalances(db(), b)).toMatchObject({ availableCents: tb - 600, frozenCents: 600 });
    await expect(
      run((tx) => releaseMany(tx, clock.now(), [{ ...(inputs[0] as HoldInput), amountCents: 0 }])),
    ).rejects.toMatchObject({ code: 'Ledger.Unbalanced' });
    // The same keys work once the inputs fit.
    const ok = await run((tx) =>
      releaseMany(tx, clock.now(), [inputs[0] as HoldInput, { ...(inputs[1] as HoldInput), amountCents: 600 }]),
    );
    expect(ok.map((r) => r.replayed)).toEqual([false, false]);
    expect(await getBalances(db(), b)).toMatchObject({ availableCents: tb, frozenCents: 0 });
    expect((await checkBooks(db(), clock.now(), async (id) => id)).balanced).toBe(true);
  });

  it('captureMany moves held money to another account as capture would, and refuses a frozen target', async () => {
    const a = await newUser();
    const b = await newUser();
    const ta = await fund(a, [{ refId: `C-${a}`, cents: 1_500 }]);
    const tb = await fund(b, [{ refId: `C-${a}`, cents: 800 }]);
    const ref = { type: 'auction', id: `C-${a}` };
    const before = (await checkBooks(db(), clock.now(), async (id) => id)).platform.forfeits ?? 0;
    const results = await run((tx) =>
      captureMany(tx, clock.now(), [
        {
          userId: a,
          amountCents: 1_500,
          ref,
          idempotencyKey: `rm:c:a:${a}`,
          to: { platform: 'forfeits' },
          memo: 'violation',
        },
        { userId: b, amountCents: 300, ref, idempotencyKey: `rm:c:b:${a}`, to: { userId: b, bucket: 'earnings' } },
        {
          userId: b,
          amountCents: 500,
          ref,
          idempotencyKey: `rm:c:b2:${a}`,
          to: { platform: 'forfeits' },
          kind: 'order_payment',
        },
      ]),
    );
    expect(results.map((r) => r.replayed)).toEqual([false, false, false]);
    expect(await getBalances(db(), a)).toEqual({ availableCents: ta - 1_500, frozenCents: 0, earningsCents: 0 });
    expect(await getBalances(db(), b)).toEqual({ availableCents: tb - 800, frozenCents: 0, earningsCents: 300 });
    const books = await checkBooks(db(), clock.now(), async (id) => id);
    expect((books.platform.forfeits ?? 0) - before).toBe(2_000);
    expect(books.balanced).toBe(true);
    const kinds = await getLines(db(), { userId: b, bucket: 'frozen' }, { limit: 10, offset: 0 });
    expect(kinds.items.slice(0, 2).map((l) => l.kind)).toEqual(['order_payment', 'deposit_forfeit']);
    await expect(
      run((tx) =>
        captureMany(tx, clock.now(), [
          { userId: a, amountCents: 1, ref, idempotencyKey: `rm:c:f:${a}`, to: { userId: a, bucket: 'frozen' } },
        ]),
      ),
    ).rejects.toThrow(/frozen/);
  });

  it('heldForEach reads pairs of different users and refs in input order (0 when nothing)', async () => {
    const a = await newUser();
    const b = await newUser();
    await fund(a, [
      { refId: `H1-${a}`, cents: 100 },
      { refId: `H2-${a}`, cents: 200 },
    ]);
    await fund(b, [{ refId: `H2-${a}`, cents: 300 }]);
    const ref = (id: string) => ({ type: 'auction', id });
    expect(
      await heldForEach(db(), [
        { userId: b, ref: ref(`H2-${a}`) },
        { userId: a, ref: ref(`H1-${a}`) },
        { userId: b, ref: ref(`H1-${a}`) },
        { userId: a, ref: ref(`H2-${a}`) },
        { userId: a, ref: { type: 'order', id: `H1-${a}` } },
      ]),
    ).toEqual([300, 100, 0, 200, 0]);
    expect(await heldForEach(db(), [])).toEqual([]);
  });

  // ---- Property: releaseMany ≡ release one by one in one transaction ----

  const USERS = 3;
  const REFS = 3;
  type Item = { u: number; ref: number; pct: number; reuse: number | null };
  const itemArb: fc.Arbitrary<Item> = fc.record({
    u: fc.integer({ min: 0, max: USERS - 1 }),
    ref: fc.integer({ min: 0, max: REFS - 1 }),
    // Up to 130 % of what the hold has left: some batches are refused.
    pct: fc.integer({ min: 1, max: 130 }),
    // Now and then an earlier key (a replay, within the batch or from an earlier one).
    reuse: fc.option(fc.nat(), { freq: 6 }),
  });
  const runArb = fc.record({
    holds: fc.array(fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: REFS, maxLength: REFS }), {
      minLength: USERS,
      maxLength: USERS,
    }),
    batches: fc.array(
      fc.record({
        // release, or capture to one of two platform accounts.
        mode: fc.constantFrom('release' as const, 'forfeits' as const, 'escrow' as const),
        items: fc.array(itemArb, { minLength: 1, maxLength: 8 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  });

  interface World {
    users: bigint[];
    tag: string;
  }

  async function world(holds: number[][], tag: string): Promise<World> {
    const users: bigint[] = [];
    for (let u = 0; u < USERS; u++) {
      const id = await newUser();
      users.push(id);
      await fund(
        id,
        (holds[u] ?? []).map((cents, r) => ({ refId: `P${r}`, cents })).filter((h) => h.cents > 0),
      );
    }
    return { users, tag };
  }

  it('random batches: releaseMany / captureMany do what release / capture do one by one, all or nothing', async () => {
    let runs = 0;
    const seenOutcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(runArb, async ({ holds, batches }) => {
        runs += 1;
        const many = await world(holds, `m${runs}`);
        const one = await world(holds, `o${runs}`);
        // What each world's holds have left (to turn percentages into cents), as the model sees it.
        const left = holds.map((row) => [...row]);
        const keys: string[] = [];
        for (const { mode, items: batch } of batches) {
          const calls = batch.map((item) => {
            const remaining = left[item.u]?.[item.ref] ?? 0;
            const cents = Math.max(1, Math.floor((remaining * item.pct) / 100));
            const key =
              item.reuse !== null && keys.length > 0 ? (keys[item.reuse % keys.length] as string) : `k${keys.length}`;
            keys.push(key);
            return { u: item.u, ref: item.ref, cents, key };
          });
          const inputs = (w: World): HoldInput[] =>
            calls.map((c) => ({
              userId: w.users[c.u] as bigint,
              amountCents: c.cents,
              ref: { type: 'auction', id: `P${c.ref}` },
              idempotencyKey: `rmp:${w.tag}:${c.key}`,
              memo: c.key,
            }));
          const outcome = async (fn: () => Promise<{ replayed: boolean }[]>) => {
            try {
              return (await fn()).map((r) => (r.replayed ? 'replayed' : 'ok')).join(',');
            } catch (err) {
              if (isAppError(err)) return err.code;
              throw err;
            }
          };
          const to = mode === 'release' ? null : ({ platform: mode } as const);
          const got = await outcome(() =>
            run((tx) =>
              to
                ? captureMany(
                    tx,
                    clock.now(),
                    inputs(many).map((i) => ({ ...i, to })),
                  )
                : releaseMany(tx, clock.now(), inputs(many)),
            ),
          );
          const want = await outcome(() =>
            run(async (tx) => {
              const results = [];
              for (const input of inputs(one)) {
                results.push(
                  to ? await capture(tx, clock.now(), { ...input, to }) : await release(tx, clock.now(), input),
                );
              }
              return results;
            }),
          );
          expect(got).toBe(want);
          for (const part of want.split(',')) seenOutcomes.add(part);
          // Keep the model's view of what is left in step with the committed outcome.
          if (!want.includes('.')) {
            const seen = new Set<string>();
            for (const c of calls) {
              const first = !seen.has(c.key);
              seen.add(c.key);
              const recordedBefore = keys.slice(0, keys.length - calls.length).includes(c.key);
              if (first && !recordedBefore) (left[c.u] as number[])[c.ref] = (left[c.u]?.[c.ref] ?? 0) - c.cents;
            }
          }
        }
        expect(await observe(many.users)).toEqual(await observe(one.users));
      }),
      { numRuns: engine === 'pglite' ? 25 : 15, seed: 20260105 },
    );
    // Moves, replays and refusals all happened.
    expect([...seenOutcomes].sort()).toEqual(['Funds.InvalidTransition', 'ok', 'replayed']);
    expect((await checkBooks(db(), clock.now(), async (id) => id)).balanced).toBe(true);
    // Generous: about 20 s on a quiet machine, much more on a shared busy one.
  }, 300_000);
});
