import type { LedgerCheck, LedgerKind, PlatformAccount, UserBucket } from '@namebourse/contract';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type AccountSpec,
  changeHold,
  countLines,
  decreaseHolds,
  ensureAccounts,
  findHoldAmount,
  findHoldAmounts,
  findHoldAmountsOf,
  findTransactionId,
  findTransactionIds,
  holdKeyOf,
  holdMismatches,
  increaseHolds,
  insertTransaction,
  insertTransactions,
  type LineFilter,
  type LineRow,
  type LockedAccount,
  listHolds,
  listLines,
  lockAccounts,
  type NewTransactionWithPostings,
  rebuildBalances,
  spentSince,
  sumAllPostings,
  unbalancedTransactions,
  userBalances,
  usersBalances,
} from './ledger.repository.ts';

/**
 * The ledger (DESIGN.md §3): the one place money moves. Double entry in integer US cents: every
 * transaction's postings sum to zero; balances per (owner, bucket) are updated in the same
 * database transaction as the append-only postings, with the balance rows locked in id order.
 * A user's buckets never go negative (checked here after locking, and by a database CHECK).
 * Each transaction carries an idempotency key: recording the same business event twice returns
 * the first transaction and moves nothing.
 *
 * Other modules use only these functions, always inside their own database transaction:
 * `transfer` for plain moves, and `hold` / `release` / `capture` for the frozen bucket (which
 * keep the per-reference holds that explain each frozen amount); `holdBatch`, `releaseMany` and
 * `captureMany` do the same for many at once (a lot's bid batch, the closing sweeps).
 */

export type AccountRef = { userId: bigint; bucket: UserBucket } | { platform: PlatformAccount };

export interface Posting {
  account: AccountRef;
  /** Signed cents: positive credits the account, negative debits it. */
  amountCents: number;
}

export interface TransferInput {
  kind: LedgerKind;
  /** Unique per business event, e.g. `recharge:R123`, `order:pay:O42`. */
  idempotencyKey: string;
  postings: Posting[];
  ref?: { type: string; id: string } | undefined;
  memo?: string | undefined;
  actorId?: bigint | null | undefined;
}

export interface TransferResult {
  transactionId: string;
  /** True when a transaction with this idempotency key already existed: nothing moved now. */
  replayed: boolean;
}

export function accountKey(ref: AccountRef): string {
  return 'platform' in ref ? `platform:${ref.platform}` : `user:${ref.userId}:${ref.bucket}`;
}

function accountSpec(ref: AccountRef): AccountSpec {
  return 'platform' in ref
    ? { key: accountKey(ref), ownerKind: 'platform', userId: null, bucket: ref.platform }
    : { key: accountKey(ref), ownerKind: 'user', userId: ref.userId, bucket: ref.bucket };
}

function assertBalanced(postings: Posting[]): void {
  if (postings.length < 2) throw new AppError('Ledger.Unbalanced');
  let sum = 0;
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) throw new AppError('Ledger.Unbalanced');
    sum += p.amountCents;
  }
  if (sum !== 0) throw new AppError('Ledger.Unbalanced');
}

/** PostgreSQL's check_violation on the non-negative constraint (a backstop: the code checks first). */
function isNegativeBalanceViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  return code === '23514' && (constraint === undefined || constraint === 'ledger_accounts_user_non_negative');
}

/**
 * Records one balanced transaction. Refuses with Funds.InsufficientBalance when a user bucket
 * would go below zero, and Ledger.Unbalanced when the postings do not sum to zero. Postings on a
 * user's `frozen` bucket are only made through hold / release / capture.
 */
export async function transfer(tx: Tx, now: Date, input: TransferInput): Promise<TransferResult> {
  if (input.postings.some((p) => !('platform' in p.account) && p.account.bucket === 'frozen')) {
    throw new Error('ledger.transfer: use hold/release/capture for the frozen bucket');
  }
  return record(tx, now, input);
}

/**
 * Locks the accounts in id order, creating the missing ones first: one statement when they all
 * exist, three when some are new.
 */
async function lockOrCreate(tx: Tx, specs: AccountSpec[], now: Date): Promise<LockedAccount[]> {
  const keys = specs.map((spec) => spec.key);
  const locked = await lockAccounts(tx, keys);
  if (locked.length === keys.length) return locked;
  const have = new Set(locked.map((a) => a.key));
  await ensureAccounts(
    tx,
    specs.filter((spec) => !have.has(spec.key)),
    now,
  );
  return lockAccounts(tx, keys);
}

/** One move out of a hold input: `amountCents` from one account to another, with the balances after. */
function moveOf(
  input: HoldInput,
  kind: LedgerKind,
  from: { id: bigint; balanceCents: number },
  to: { id: bigint; balanceCents: number },
): NewTransactionWithPostings {
  return {
    kind: input.kind ?? kind,
    idempotencyKey: input.idempotencyKey,
    refType: input.ref.type,
    refId: input.ref.id,
    memo: input.memo ?? '',
    actorId: input.actorId ?? null,
    postings: [
      { accountId: from.id, amountCents: -input.amountCents, balanceAfterCents: from.balanceCents },
      { accountId: to.id, amountCents: input.amountCents, balanceAfterCents: to.balanceCents },
    ],
  };
}

/**
 * The one write path. Order matters:
 * 1. the postings are checked (Ledger.Unbalanced) before anything is read;
 * 2. the accounts are created when missing and locked in id order (one statement);
 * 3. `guard` runs under those locks (release/capture check the hold there, so every path takes
 *    the balance rows before the hold row and a hold never deadlocks against a release);
 * 4. the new balances are computed from the locked rows; a refusal (the guard's, or a user bucket
 *    below zero) first looks the idempotency key up: a key already recorded is a replay, which
 *    moves nothing and is not refused;
 * 5. one statement writes the transaction, its postings and the balances, unless the key exists
 *    (ON CONFLICT DO NOTHING): then it is a replay too. A concurrent call with the same key waits
 *    on the account locks or on the key's unique index until the first commits, and then replays.
 * Nothing is written before a refusal, so a caller that catches Funds.InsufficientBalance inside
 * its own transaction leaves no half-recorded transaction and can use the same key again later.
 */
async function record(tx: Tx, now: Date, input: TransferInput, guard?: () => Promise<void>): Promise<TransferResult> {
  assertBalanced(input.postings);
  const specs = new Map<string, AccountSpec>();
  for (const p of input.postings) {
    const spec = accountSpec(p.account);
    specs.set(spec.key, spec);
  }
  const locked = await lockOrCreate(tx, [...specs.values()], now);
  const replay = async (): Promise<TransferResult | null> => {
    const existing = await findTransactionId(tx, input.idempotencyKey);
    return existing === null ? null : { transactionId: existing.toString(), replayed: true };
  };
  if (guard) {
    try {
      await guard();
    } catch (err) {
      const replayed = await replay();
      if (replayed) return replayed;
      throw err;
    }
  }

  const byKey = new Map(locked.map((a) => [a.key, { ...a }]));
  const postings: { accountId: bigint; amountCents: number; balanceAfterCents: number }[] = [];
  for (const p of input.postings) {
    const account = byKey.get(accountKey(p.account));
    if (!account) throw new Error(`ledger account ${accountKey(p.account)} was not created`);
    account.balanceCents += p.amountCents;
    if (!Number.isSafeInteger(account.balanceCents)) throw new AppError('Ledger.Unbalanced');
    postings.push({ accountId: account.id, amountCents: p.amountCents, balanceAfterCents: account.balanceCents });
  }
  const short = [...byKey.values()].find((a) => a.ownerKind === 'user' && a.balanceCents < 0);
  if (short) {
    const replayed = await replay();
    if (replayed) return replayed;
    // What the caller asked of the short account and what it held, for the recharge prompt.
    const requiredCents = -input.postings
      .filter((p) => accountKey(p.account) === short.key)
      .reduce((sum, p) => sum + p.amountCents, 0);
    throw new AppError('Funds.InsufficientBalance', {
      data: { requiredCents, availableCents: short.balanceCents + requiredCents },
    });
  }
  let transactionId: bigint | null;
  try {
    transactionId = await insertTransaction(
      tx,
      {
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        refType: input.ref?.type ?? null,
        refId: input.ref?.id ?? null,
        memo: input.memo ?? '',
        actorId: input.actorId ?? null,
        now,
      },
      postings,
      [...byKey.values()].map((a) => ({ accountId: a.id, balanceCents: a.balanceCents })),
    );
  } catch (err) {
    if (isNegativeBalanceViolation(err)) throw new AppError('Funds.InsufficientBalance', { cause: err });
    throw err;
  }
  if (transactionId === null) {
    const replayed = await replay();
    if (!replayed) throw new Error(`ledger: idempotency key ${input.idempotencyKey} conflicted but is not recorded`);
    return replayed;
  }
  return { transactionId: transactionId.toString(), replayed: false };
}

export interface HoldRef {
  /** What holds the money: `auction`, `order`, … */
  type: string;
  id: string;
  /** Shown beside the frozen amount ('Deposit: example.com'). Kept from the first hold when empty. */
  label?: string;
}

export interface HoldInput {
  userId: bigint;
  amountCents: number;
  ref: HoldRef;
  kind?: LedgerKind;
  idempotencyKey: string;
  memo?: string;
  actorId?: bigint | null;
}

function assertPositive(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new AppError('Ledger.Unbalanced');
}

/** available → frozen, held for `ref` (e.g. a deposit for an auction). Funds.InsufficientBalance when short. */
export async function hold(tx: Tx, now: Date, input: HoldInput): Promise<TransferResult> {
  assertPositive(input.amountCents);
  const result = await record(tx, now, {
    kind: input.kind ?? 'deposit_hold',
    idempotencyKey: input.idempotencyKey,
    ref: { type: input.ref.type, id: input.ref.id },
    memo: input.memo,
    actorId: input.actorId,
    postings: [
      { account: { userId: input.userId, bucket: 'available' }, amountCents: -input.amountCents },
      { account: { userId: input.userId, bucket: 'frozen' }, amountCents: input.amountCents },
    ],
  });
  if (!result.replayed) {
    await changeHold(tx, {
      userId: input.userId,
      refType: input.ref.type,
      refId: input.ref.id,
      label: input.ref.label ?? '',
      delta: input.amountCents,
      now,
    });
  }
  return result;
}

/**
 * Holds decided one after another in memory and written together (a lot's bid batch, ADR 0011):
 * what calling `hold` for each in order does, in a few statements for all of them instead of three
 * per hold. At the first hold the available and frozen accounts of every user the batch may hold
 * from are locked (one statement, id order, so two batches never deadlock on them); each hold is
 * checked against the balances the holds before it left and refused as `hold` refuses
 * (Funds.InsufficientBalance with requiredCents and availableCents; the refused hold is not kept);
 * `commit` writes the transactions, postings, balances (one statement) and holds (one statement),
 * with `now` as their time. A key already recorded is found at commit: nothing of the batch is
 * written then, and each hold goes through `hold` in order instead (a recorded key replays and
 * moves nothing, as there). A key used twice in the batch is held once.
 */
export interface HoldBatch {
  hold(input: HoldInput): Promise<void>;
  commit(): Promise<void>;
}

export function holdBatch(tx: Tx, now: Date, userIds: bigint[]): HoldBatch {
  const refsOf = (userId: bigint) =>
    [
      { userId, bucket: 'available' },
      { userId, bucket: 'frozen' },
    ] as const;
  let accounts: Map<string, { id: bigint; balanceCents: number; before: number }> | null = null;
  const inputs: HoldInput[] = [];
  const writes: NewTransactionWithPostings[] = [];

  const lock = async () => {
    const specs = [...new Set(userIds.map(String))].flatMap((id) => refsOf(BigInt(id)).map(accountSpec));
    const locked = await lockOrCreate(tx, specs, now);
    return new Map(locked.map((a) => [a.key, { id: a.id, balanceCents: a.balanceCents, before: a.balanceCents }]));
  };

  return {
    async hold(input) {
      assertPositive(input.amountCents);
      accounts ??= await lock();
      if (writes.some((w) => w.idempotencyKey === input.idempotencyKey)) return;
      const account = (ref: AccountRef) => {
        const found = accounts?.get(accountKey(ref));
        if (!found) throw new Error(`ledger.holdBatch: user ${input.userId} is not one of the batch's users`);
        return found;
      };
      const [availableRef, frozenRef] = refsOf(input.userId);
      const available = account(availableRef);
      const frozen = account(frozenRef);
      if (available.balanceCents < input.amountCents) {
        throw new AppError('Funds.InsufficientBalance', {
          data: { requiredCents: input.amountCents, availableCents: available.balanceCents },
        });
      }
      if (!Number.isSafeInteger(frozen.balanceCents + input.amountCents)) throw new AppError('Ledger.Unbalanced');
      available.balanceCents -= input.amountCents;
      frozen.balanceCents += input.amountCents;
      inputs.push(input);
      writes.push(moveOf(input, 'deposit_hold', available, frozen));
    },

    async commit() {
      if (writes.length === 0 || !accounts) return;
      const changed = [...accounts.values()].filter((a) => a.balanceCents !== a.before);
      const ids = await insertTransactions(
        tx,
        now,
        writes,
        changed.map((a) => ({ accountId: a.id, balanceCents: a.balanceCents })),
      );
      if (ids.size === 0) {
        // A key was already recorded: nothing was written; `hold` replays it and records the rest.
        for (const input of inputs) await hold(tx, now, input);
        return;
      }
      if (ids.size !== writes.length) throw new Error('ledger.holdBatch: an idempotency key was recorded concurrently');
      await increaseHolds(
        tx,
        inputs.map((i) => ({
          userId: i.userId,
          refType: i.ref.type,
          refId: i.ref.id,
          label: i.ref.label ?? '',
          amountCents: i.amountCents,
        })),
        now,
      );
    },
  };
}

async function takeFromHold(tx: Tx, now: Date, input: HoldInput, to: AccountRef, kind: LedgerKind) {
  assertPositive(input.amountCents);
  const result = await record(
    tx,
    now,
    {
      kind: input.kind ?? kind,
      idempotencyKey: input.idempotencyKey,
      ref: { type: input.ref.type, id: input.ref.id },
      memo: input.memo,
      actorId: input.actorId,
      postings: [
        { account: { userId: input.userId, bucket: 'frozen' }, amountCents: -input.amountCents },
        { account: to, amountCents: input.amountCents },
      ],
    },
    // Under the balance locks: the hold row is always taken after them (as `hold` does).
    async () => {
      const held = await findHoldAmount(tx, input.userId, input.ref.type, input.ref.id, true);
      if (held < input.amountCents) throw new AppError('Funds.InvalidTransition');
    },
  );
  if (!result.replayed) {
    await changeHold(tx, {
      userId: input.userId,
      refType: input.ref.type,
      refId: input.ref.id,
      label: '',
      delta: -input.amountCents,
      now,
    });
  }
  return result;
}

/** frozen → available for `ref` (a loser's or an exiting bidder's deposit). At most what `ref` holds. */
export function release(tx: Tx, now: Date, input: HoldInput): Promise<TransferResult> {
  return takeFromHold(tx, now, input, { userId: input.userId, bucket: 'available' }, 'deposit_release');
}

/** frozen → another account (a forfeited deposit to `forfeits`, a deposit applied to a payment …). */
export function capture(tx: Tx, now: Date, input: HoldInput & { to: AccountRef }): Promise<TransferResult> {
  if (!('platform' in input.to) && input.to.bucket === 'frozen') {
    throw new Error('ledger.capture: capture into a frozen bucket would leave it without a hold; use hold');
  }
  return takeFromHold(tx, now, input, input.to, 'deposit_forfeit');
}

/**
 * Many `release`s in one go (a lot closing with many losers, a sweep closing many lots): the
 * same transactions, postings, holds and idempotency keys as calling `release` for each input in
 * order, in a handful of statements instead of a handful per input. Every account involved is
 * locked first (one statement, id order), then the holds (id order), as `release` does; an input
 * whose key is already recorded (or repeats an earlier input's key) is a replay and moves nothing.
 * All or nothing: a hold that does not cover its input (Funds.InvalidTransition) or a frozen
 * bucket that would go negative (Funds.InsufficientBalance) refuses the whole call, and nothing
 * is left written (its writes run in a savepoint). Results are in input order.
 */
export function releaseMany(tx: Tx, now: Date, inputs: HoldInput[]): Promise<TransferResult[]> {
  return takeManyFromHolds(
    tx,
    now,
    'releaseMany',
    inputs.map((input) => ({ input, to: { userId: input.userId, bucket: 'available' }, kind: 'deposit_release' })),
  );
}

/**
 * Many `capture`s in one go (the violation sweep forfeits many winners' deposits): what calling
 * `capture` for each input in order does, with releaseMany's locking, replays and all-or-nothing.
 */
export function captureMany(tx: Tx, now: Date, inputs: (HoldInput & { to: AccountRef })[]): Promise<TransferResult[]> {
  for (const input of inputs) {
    if (!('platform' in input.to) && input.to.bucket === 'frozen') {
      throw new Error('ledger.capture: capture into a frozen bucket would leave it without a hold; use hold');
    }
  }
  return takeManyFromHolds(
    tx,
    now,
    'captureMany',
    inputs.map((input) => ({ input, to: input.to, kind: 'deposit_forfeit' })),
  );
}

/** releaseMany and captureMany: frozen → `to` for each input, out of its hold (see releaseMany). */
async function takeManyFromHolds(
  tx: Tx,
  now: Date,
  name: string,
  moves: { input: HoldInput; to: AccountRef; kind: LedgerKind }[],
): Promise<TransferResult[]> {
  if (moves.length === 0) return [];
  for (const { input } of moves) assertPositive(input.amountCents);
  return tx.transaction(async (sp) => {
    const specs = new Map<string, AccountSpec>();
    for (const { input, to } of moves) {
      for (const ref of [{ userId: input.userId, bucket: 'frozen' } as const, to]) {
        const spec = accountSpec(ref);
        specs.set(spec.key, spec);
      }
    }
    const locked = await lockOrCreate(sp, [...specs.values()], now);
    const recorded = await findTransactionIds(
      sp,
      moves.map((m) => m.input.idempotencyKey),
    );
    const fresh: typeof moves = [];
    const seen = new Set<string>();
    for (const move of moves) {
      const key = move.input.idempotencyKey;
      if (recorded.has(key) || seen.has(key)) continue;
      seen.add(key);
      fresh.push(move);
    }
    const holdOf = (i: HoldInput) => ({ userId: i.userId, refType: i.ref.type, refId: i.ref.id });
    // Under the balance locks, as `release` and `capture` take their hold.
    const held = await findHoldAmountsOf(
      sp,
      fresh.map((m) => holdOf(m.input)),
      true,
    );
    const byKey = new Map(locked.map((a) => [a.key, { ...a }]));
    const account = (ref: AccountRef) => {
      const found = byKey.get(accountKey(ref));
      if (!found) throw new Error(`ledger account ${accountKey(ref)} was not created`);
      return found;
    };
    const writes: NewTransactionWithPostings[] = [];
    const taken = new Map<string, { hold: ReturnType<typeof holdOf>; amountCents: number }>();
    for (const { input, to, kind } of fresh) {
      const hold = holdOf(input);
      const holdKey = holdKeyOf(hold);
      const left = (held.get(holdKey) ?? 0) - (taken.get(holdKey)?.amountCents ?? 0);
      if (left < input.amountCents) throw new AppError('Funds.InvalidTransition');
      taken.set(holdKey, { hold, amountCents: (taken.get(holdKey)?.amountCents ?? 0) + input.amountCents });
      const frozen = account({ userId: input.userId, bucket: 'frozen' });
      const target = account(to);
      frozen.balanceCents -= input.amountCents;
      target.balanceCents += input.amountCents;
      if (!Number.isSafeInteger(target.balanceCents)) throw new AppError('Ledger.Unbalanced');
      if (frozen.balanceCents < 0) {
        throw new AppError('Funds.InsufficientBalance', {
          data: { requiredCents: input.amountCents, availableCents: frozen.balanceCents + input.amountCents },
        });
      }
      writes.push(moveOf(input, kind, frozen, target));
    }
    let ids = new Map<string, bigint>();
    if (writes.length > 0) {
      const before = new Map(locked.map((a) => [a.key, a.balanceCents]));
      const changed = [...byKey.values()].filter((a) => a.balanceCents !== before.get(a.key));
      ids = await insertTransactions(
        sp,
        now,
        writes,
        changed.map((a) => ({ accountId: a.id, balanceCents: a.balanceCents })),
      );
      // A key recorded since we looked (by a transaction on other accounts): undo it all (the savepoint).
      if (ids.size !== writes.length) throw new Error(`ledger.${name}: an idempotency key was recorded concurrently`);
      await decreaseHolds(
        sp,
        [...taken.values()].map((t) => ({ ...t.hold, amountCents: t.amountCents })),
        now,
      );
    }
    const firstOfKey = new Set<string>();
    return moves.map(({ input }): TransferResult => {
      const key = input.idempotencyKey;
      const earlier = recorded.get(key);
      if (earlier !== undefined) return { transactionId: earlier.toString(), replayed: true };
      const id = ids.get(key);
      if (id === undefined) throw new Error(`ledger.${name}: ${key} was not recorded`);
      const replayed = firstOfKey.has(key);
      firstOfKey.add(key);
      return { transactionId: id.toString(), replayed };
    });
  });
}

/**
 * What each (user, ref) pair holds now, in input order (0 when nothing): `heldFor` for pairs of
 * different users and refs (the losers of many lots), one statement.
 */
export async function heldForEach(
  db: DbOrTx,
  items: { userId: bigint; ref: Pick<HoldRef, 'type' | 'id'> }[],
): Promise<number[]> {
  const holds = items.map((i) => ({ userId: i.userId, refType: i.ref.type, refId: i.ref.id }));
  const found = await findHoldAmountsOf(db, holds);
  return holds.map((h) => found.get(holdKeyOf(h)) ?? 0);
}

/** What `ref` holds of the user's frozen money now (0 when nothing). */
export function heldFor(db: DbOrTx, userId: bigint, ref: Pick<HoldRef, 'type' | 'id'>): Promise<number> {
  return findHoldAmount(db, userId, ref.type, ref.id);
}

export interface Balances {
  availableCents: number;
  frozenCents: number;
  earningsCents: number;
}

function toBalances(raw: Record<string, number> | undefined): Balances {
  return {
    availableCents: raw?.available ?? 0,
    frozenCents: raw?.frozen ?? 0,
    earningsCents: raw?.earnings ?? 0,
  };
}

/** What `ref` holds of each user's frozen money now, by user id (0 for a user holding nothing). */
export async function heldForMany(
  db: DbOrTx,
  userIds: bigint[],
  ref: Pick<HoldRef, 'type' | 'id'>,
): Promise<Map<string, number>> {
  const found = await findHoldAmounts(db, userIds, ref.type, ref.id);
  return new Map(userIds.map((id) => [id.toString(), found.get(id.toString()) ?? 0]));
}

export async function getBalances(db: DbOrTx, userId: bigint): Promise<Balances> {
  return toBalances(await userBalances(db, userId));
}

export async function getBalancesOf(db: DbOrTx, userIds: bigint[]): Promise<Map<string, Balances>> {
  const raw = await usersBalances(db, userIds);
  return new Map(userIds.map((id) => [id.toString(), toBalances(raw.get(id.toString()))]));
}

export function getHolds(db: DbOrTx, userId: bigint) {
  return listHolds(db, userId);
}

export type LedgerLine = LineRow;
export type LedgerLineFilter = LineFilter;

export async function getLines(
  db: DbOrTx,
  filter: LineFilter,
  page: { limit: number; offset: number },
): Promise<{ items: LineRow[]; total: number }> {
  const [items, total] = [await listLines(db, filter, page.limit, page.offset), await countLines(db, filter)];
  return { items, total };
}

/** Net order spending of the user since `since` (payments minus refunds), for the API access rule. */
export function getSpentSince(db: DbOrTx, userId: bigint, since: Date): Promise<number> {
  return spentSince(db, userId, since);
}

/**
 * Rebuilds every balance from the postings and proves the books balance: all postings sum to
 * zero, each transaction sums to zero, every stored balance equals the sum of its postings, every
 * user's frozen bucket equals the sum of its open holds, and no user's available is negative.
 * `accountNoOf` names users for the operator (read through the account service by the caller).
 */
export async function checkBooks(
  db: DbOrTx,
  now: Date,
  accountNoOf: (userId: string) => Promise<string>,
): Promise<LedgerCheck> {
  const totals = await sumAllPostings(db);
  const unbalanced = await unbalancedTransactions(db);
  const rebuilt = await rebuildBalances(db);
  const holds = await holdMismatches(db);
  const negativeAvailable: LedgerCheck['negativeAvailable'] = [];
  const mismatched: LedgerCheck['mismatchedBalances'] = [];
  const platform: Record<string, number> = {};
  for (const a of rebuilt) {
    if (a.balanceCents !== a.postingsCents) {
      mismatched.push({ account: a.key, balanceCents: a.balanceCents, postingsCents: a.postingsCents });
    }
    if (a.ownerKind === 'user' && a.bucket === 'available' && a.postingsCents < 0 && a.userId) {
      negativeAvailable.push({ accountNo: await accountNoOf(a.userId), balanceCents: a.postingsCents });
    }
    if (a.ownerKind === 'platform') platform[a.bucket] = a.balanceCents;
  }
  for (const h of holds) {
    mismatched.push({ account: `user:${h.userId}:holds`, balanceCents: h.frozenCents, postingsCents: h.holdsCents });
  }
  return {
    balanced: totals.sum === 0 && unbalanced.length === 0 && mismatched.length === 0 && negativeAvailable.length === 0,
    postingsSum: totals.sum,
    negativeAvailable,
    unbalancedTransactions: unbalanced,
    mismatchedBalances: mismatched,
    accounts: rebuilt.length,
    transactions: totals.transactions,
    postings: totals.postings,
    platform,
    checkedAt: now.toISOString(),
  };
}
