import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';

/** The only file with SQL for the ledger tables (ledger_accounts, ledger_transactions, ledger_postings, ledger_holds). */

export interface AccountSpec {
  key: string;
  ownerKind: 'user' | 'platform';
  userId: bigint | null;
  bucket: string;
}

export interface LockedAccount {
  id: bigint;
  key: string;
  ownerKind: 'user' | 'platform';
  balanceCents: number;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * Creates the accounts that do not exist yet (one statement; existing rows are left alone). The
 * rows are inserted in key order, so two transactions creating the same new accounts wait for each
 * other on the first key instead of deadlocking on the unique index.
 */
export async function ensureAccounts(db: DbOrTx, unsorted: AccountSpec[], now: Date): Promise<void> {
  if (unsorted.length === 0) return;
  const specs = [...unsorted].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await db.execute(sql`
    insert into ledger_accounts (key, owner_kind, user_id, bucket, balance_cents, updated_at)
    select k, o, u, b, 0, ${now}
    from unnest(
      ${sql.param(specs.map((s) => s.key))}::text[],
      ${sql.param(specs.map((s) => s.ownerKind))}::text[],
      ${sql.param(specs.map((s) => (s.userId === null ? null : s.userId.toString())))}::bigint[],
      ${sql.param(specs.map((s) => s.bucket))}::text[]
    ) as t(k, o, u, b)
    order by k
    on conflict (key) do nothing`);
}

/** Locks the accounts in id order (the fixed order every transfer uses, so transfers never deadlock). */
export async function lockAccounts(db: DbOrTx, keys: string[]): Promise<LockedAccount[]> {
  const found = await rows<{ id: string; key: string; owner_kind: 'user' | 'platform'; balance_cents: string }>(
    db,
    sql`select id, key, owner_kind, balance_cents from ledger_accounts
        where key = any(${sql.param(keys)}::text[]) order by id for update`,
  );
  return found.map((r) => ({
    id: BigInt(r.id),
    key: r.key,
    ownerKind: r.owner_kind,
    balanceCents: Number(r.balance_cents),
  }));
}

export async function findTransactionId(db: DbOrTx, idempotencyKey: string): Promise<bigint | null> {
  const found = await rows<{ id: string }>(
    db,
    sql`select id from ledger_transactions where idempotency_key = ${idempotencyKey}`,
  );
  return found[0] ? BigInt(found[0].id) : null;
}

export interface NewTransaction {
  kind: string;
  idempotencyKey: string;
  refType: string | null;
  refId: string | null;
  memo: string;
  actorId: bigint | null;
  now: Date;
}

/**
 * Writes the transaction, its postings (in the given order) and the accounts' new balances in one
 * statement, unless a transaction with the idempotency key exists: then nothing is written and
 * null is returned. The accounts must be locked by the caller.
 */
export async function insertTransaction(
  db: DbOrTx,
  input: NewTransaction,
  postings: { accountId: bigint; amountCents: number; balanceAfterCents: number }[],
  balances: { accountId: bigint; balanceCents: number }[],
): Promise<bigint | null> {
  const inserted = await rows<{ id: string }>(
    db,
    sql`with t as (
          insert into ledger_transactions (kind, idempotency_key, ref_type, ref_id, memo, actor_id, created_at)
          values (${input.kind}, ${input.idempotencyKey}, ${input.refType}, ${input.refId}, ${input.memo},
                  ${input.actorId === null ? null : input.actorId.toString()}::bigint, ${input.now}::timestamptz)
          on conflict (idempotency_key) do nothing
          returning id
        ), p as (
          insert into ledger_postings (transaction_id, account_id, amount_cents, balance_after_cents, created_at)
          select t.id, v.a, v.m, v.b, ${input.now}::timestamptz
          from t, unnest(
            ${sql.param(postings.map((p) => p.accountId.toString()))}::bigint[],
            ${sql.param(postings.map((p) => p.amountCents))}::bigint[],
            ${sql.param(postings.map((p) => p.balanceAfterCents))}::bigint[]
          ) with ordinality as v(a, m, b, n)
          order by v.n
        ), b as (
          update ledger_accounts as la set balance_cents = v.b, updated_at = ${input.now}::timestamptz
          from t, unnest(
            ${sql.param(balances.map((b) => b.accountId.toString()))}::bigint[],
            ${sql.param(balances.map((b) => b.balanceCents))}::bigint[]
          ) as v(id, b)
          where la.id = v.id
        )
        select id from t`,
  );
  return inserted[0] ? BigInt(inserted[0].id) : null;
}

// ---- Many at once (releaseMany) ----

/** The transactions already recorded under any of these idempotency keys: key → id. */
export async function findTransactionIds(db: DbOrTx, idempotencyKeys: string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (idempotencyKeys.length === 0) return out;
  const found = await rows<{ id: string; idempotency_key: string }>(
    db,
    sql`select id, idempotency_key from ledger_transactions
        where idempotency_key = any(${sql.param(idempotencyKeys)}::text[])`,
  );
  for (const r of found) out.set(r.idempotency_key, BigInt(r.id));
  return out;
}

export interface HoldKey {
  userId: bigint;
  refType: string;
  refId: string;
}

/** The map key of a hold: `user:type:id`. */
export function holdKeyOf(h: HoldKey): string {
  return `${h.userId}:${h.refType}:${h.refId}`;
}

/**
 * The amounts held for many (user, ref) pairs in one statement (holdKeyOf → cents; a missing
 * hold is absent); `lock` locks the hold rows, in id order, until the transaction ends.
 */
export async function findHoldAmountsOf(db: DbOrTx, holds: HoldKey[], lock = false): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (holds.length === 0) return out;
  const found = await rows<{ user_id: string; ref_type: string; ref_id: string; amount_cents: string }>(
    db,
    sql`select h.user_id, h.ref_type, h.ref_id, h.amount_cents from ledger_holds h
        join unnest(
          ${sql.param(holds.map((h) => h.userId.toString()))}::bigint[],
          ${sql.param(holds.map((h) => h.refType))}::text[],
          ${sql.param(holds.map((h) => h.refId))}::text[]
        ) as v(u, t, i) on h.user_id = v.u and h.ref_type = v.t and h.ref_id = v.i
        order by h.id ${lock ? sql`for update of h` : sql``}`,
  );
  for (const r of found) {
    out.set(holdKeyOf({ userId: BigInt(r.user_id), refType: r.ref_type, refId: r.ref_id }), Number(r.amount_cents));
  }
  return out;
}

export interface NewTransactionWithPostings extends Omit<NewTransaction, 'now'> {
  postings: { accountId: bigint; amountCents: number; balanceAfterCents: number }[];
}

/**
 * Writes many transactions (in the given order), all their postings and the accounts' new
 * balances in one statement, or nothing at all when one of the keys is already recorded (then the
 * returned map, key → id, is empty). A key recorded by a transaction that commits while this
 * statement runs is skipped with its postings; when others were written, so were the balances:
 * the caller checks that every key was new and rolls back otherwise (an empty map always means
 * nothing was written). The accounts must be locked by the caller.
 */
export async function insertTransactions(
  db: DbOrTx,
  now: Date,
  transactions: NewTransactionWithPostings[],
  balances: { accountId: bigint; balanceCents: number }[],
): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (transactions.length === 0) return out;
  const postings = transactions.flatMap((t) => t.postings.map((p) => ({ key: t.idempotencyKey, ...p })));
  const inserted = await rows<{ id: string; idempotency_key: string }>(
    db,
    sql`with v as (
          select * from unnest(
            ${sql.param(transactions.map((t) => t.kind))}::text[],
            ${sql.param(transactions.map((t) => t.idempotencyKey))}::text[],
            ${sql.param(transactions.map((t) => t.refType))}::text[],
            ${sql.param(transactions.map((t) => t.refId))}::text[],
            ${sql.param(transactions.map((t) => t.memo))}::text[],
            ${sql.param(transactions.map((t) => (t.actorId === null ? null : t.actorId.toString())))}::bigint[]
          ) with ordinality as v(kind, k, rt, ri, memo, actor, n)
        ), known as (
          select 1 from ledger_transactions lt where lt.idempotency_key in (select k from v) limit 1
        ), t as (
          insert into ledger_transactions (kind, idempotency_key, ref_type, ref_id, memo, actor_id, created_at)
          select kind, k, rt, ri, memo, actor, ${now}::timestamptz from v
          where not exists (select 1 from known)
          order by n
          on conflict (idempotency_key) do nothing
          returning id, idempotency_key
        ), p as (
          insert into ledger_postings (transaction_id, account_id, amount_cents, balance_after_cents, created_at)
          select t.id, pv.a, pv.m, pv.b, ${now}::timestamptz
          from unnest(
            ${sql.param(postings.map((p) => p.key))}::text[],
            ${sql.param(postings.map((p) => p.accountId.toString()))}::bigint[],
            ${sql.param(postings.map((p) => p.amountCents))}::bigint[],
            ${sql.param(postings.map((p) => p.balanceAfterCents))}::bigint[]
          ) with ordinality as pv(k, a, m, b, n)
          join t on t.idempotency_key = pv.k
          order by pv.n
        ), b as (
          update ledger_accounts as la set balance_cents = bv.b, updated_at = ${now}::timestamptz
          from unnest(
            ${sql.param(balances.map((b) => b.accountId.toString()))}::bigint[],
            ${sql.param(balances.map((b) => b.balanceCents))}::bigint[]
          ) as bv(id, b)
          where la.id = bv.id and exists (select 1 from t)
        )
        select id, idempotency_key from t`,
  );
  for (const r of inserted) out.set(r.idempotency_key, BigInt(r.id));
  return out;
}

/**
 * Takes `amountCents` off many holds in one statement: a hold that reaches zero is deleted, the
 * others are decreased (each (user, ref) at most once: the caller sums). The hold rows must be
 * locked by the caller.
 */
export async function decreaseHolds(db: DbOrTx, holds: (HoldKey & { amountCents: number })[], now: Date) {
  if (holds.length === 0) return;
  await db.execute(
    sql`with v as (
          select * from unnest(
            ${sql.param(holds.map((h) => h.userId.toString()))}::bigint[],
            ${sql.param(holds.map((h) => h.refType))}::text[],
            ${sql.param(holds.map((h) => h.refId))}::text[],
            ${sql.param(holds.map((h) => h.amountCents))}::bigint[]
          ) as v(u, t, i, d)
        ), gone as (
          delete from ledger_holds h using v
          where h.user_id = v.u and h.ref_type = v.t and h.ref_id = v.i and h.amount_cents - v.d = 0
        )
        update ledger_holds h set amount_cents = h.amount_cents - v.d, updated_at = ${now}::timestamptz
        from v
        where h.user_id = v.u and h.ref_type = v.t and h.ref_id = v.i and h.amount_cents - v.d <> 0`,
  );
}

/**
 * Adds `delta` to the hold for (user, ref): an increase creates the hold when missing (a non-empty
 * label replaces the old one); a decrease updates it, or deletes it when it reaches zero (one
 * statement: the two branches exclude each other). Returns the new amount.
 */
/**
 * Adds to many holds in one statement (creating the missing ones); a (user, ref) pair may appear
 * more than once. A non-empty label replaces the hold's label (the last one given for a pair wins).
 */
export async function increaseHolds(
  db: DbOrTx,
  holds: (HoldKey & { label: string; amountCents: number })[],
  now: Date,
): Promise<void> {
  const merged = new Map<string, HoldKey & { label: string; amountCents: number }>();
  for (const h of holds) {
    const key = holdKeyOf(h);
    const seen = merged.get(key);
    merged.set(
      key,
      seen
        ? { ...seen, label: h.label === '' ? seen.label : h.label, amountCents: seen.amountCents + h.amountCents }
        : h,
    );
  }
  const list = [...merged.values()];
  if (list.length === 0) return;
  await db.execute(
    sql`insert into ledger_holds (user_id, ref_type, ref_id, label, amount_cents, created_at, updated_at)
        select u, t, i, l, d, ${now}::timestamptz, ${now}::timestamptz
        from unnest(
          ${sql.param(list.map((h) => h.userId.toString()))}::bigint[],
          ${sql.param(list.map((h) => h.refType))}::text[],
          ${sql.param(list.map((h) => h.refId))}::text[],
          ${sql.param(list.map((h) => h.label))}::text[],
          ${sql.param(list.map((h) => h.amountCents))}::bigint[]
        ) as v(u, t, i, l, d)
        order by u, t, i
        on conflict (user_id, ref_type, ref_id) do update
          set amount_cents = ledger_holds.amount_cents + excluded.amount_cents,
              label = case when excluded.label = '' then ledger_holds.label else excluded.label end,
              updated_at = excluded.updated_at`,
  );
}

export async function changeHold(
  db: DbOrTx,
  input: { userId: bigint; refType: string; refId: string; label: string; delta: number; now: Date },
): Promise<number> {
  const updated =
    input.delta > 0
      ? await rows<{ amount_cents: string }>(
          db,
          sql`insert into ledger_holds (user_id, ref_type, ref_id, label, amount_cents, created_at, updated_at)
              values (${input.userId.toString()}, ${input.refType}, ${input.refId}, ${input.label}, ${input.delta},
                      ${input.now}, ${input.now})
              on conflict (user_id, ref_type, ref_id) do update
                set amount_cents = ledger_holds.amount_cents + excluded.amount_cents,
                    label = case when excluded.label = '' then ledger_holds.label else excluded.label end,
                    updated_at = excluded.updated_at
              returning amount_cents`,
        )
      : await rows<{ amount_cents: string }>(
          db,
          sql`with gone as (
                delete from ledger_holds
                where user_id = ${input.userId.toString()} and ref_type = ${input.refType} and ref_id = ${input.refId}
                  and amount_cents + ${input.delta}::bigint = 0
              )
              update ledger_holds set amount_cents = amount_cents + ${input.delta}::bigint, updated_at = ${input.now}
              where user_id = ${input.userId.toString()} and ref_type = ${input.refType} and ref_id = ${input.refId}
                and amount_cents + ${input.delta}::bigint <> 0
              returning amount_cents`,
        );
  return Number(updated[0]?.amount_cents ?? 0);
}

/** The amount held for (user, ref); `lock` locks the hold row until the transaction ends. */
export async function findHoldAmount(
  db: DbOrTx,
  userId: bigint,
  refType: string,
  refId: string,
  lock = false,
): Promise<number> {
  const found = await rows<{ amount_cents: string }>(
    db,
    sql`select amount_cents from ledger_holds where user_id = ${userId.toString()}
        and ref_type = ${refType} and ref_id = ${refId} ${lock ? sql`for update` : sql``}`,
  );
  return Number(found[0]?.amount_cents ?? 0);
}

/** The amounts held for one ref by several users (users holding nothing are absent). */
export async function findHoldAmounts(
  db: DbOrTx,
  userIds: bigint[],
  refType: string,
  refId: string,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const found = await rows<{ user_id: string; amount_cents: string }>(
    db,
    sql`select user_id, amount_cents from ledger_holds
        where user_id = any(${sql.param(userIds.map(String))}::bigint[]) and ref_type = ${refType} and ref_id = ${refId}`,
  );
  return new Map(found.map((r) => [String(r.user_id), Number(r.amount_cents)]));
}

export interface HoldRow {
  refType: string;
  refId: string;
  label: string;
  amountCents: number;
  createdAt: Date;
}

export async function listHolds(db: DbOrTx, userId: bigint): Promise<HoldRow[]> {
  const found = await rows<{
    ref_type: string;
    ref_id: string;
    label: string;
    amount_cents: string;
    created_at: string;
  }>(
    db,
    sql`select ref_type, ref_id, label, amount_cents, created_at from ledger_holds
        where user_id = ${userId.toString()} and amount_cents > 0 order by created_at desc, id desc`,
  );
  return found.map((r) => ({
    refType: r.ref_type,
    refId: r.ref_id,
    label: r.label,
    amountCents: Number(r.amount_cents),
    createdAt: new Date(r.created_at),
  }));
}

export async function userBalances(db: DbOrTx, userId: bigint): Promise<Record<string, number>> {
  const found = await rows<{ bucket: string; balance_cents: string }>(
    db,
    sql`select bucket, balance_cents from ledger_accounts where user_id = ${userId.toString()}`,
  );
  return Object.fromEntries(found.map((r) => [r.bucket, Number(r.balance_cents)]));
}

export async function usersBalances(db: DbOrTx, userIds: bigint[]): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  if (userIds.length === 0) return out;
  const found = await rows<{ user_id: string; bucket: string; balance_cents: string }>(
    db,
    sql`select user_id, bucket, balance_cents from ledger_accounts
        where user_id = any(${sql.param(userIds.map(String))}::bigint[])`,
  );
  for (const r of found) {
    // bigint columns arrive as strings from pg and as numbers from PGlite: key the map by string.
    const userId = String(r.user_id);
    const entry = out.get(userId) ?? {};
    entry[r.bucket] = Number(r.balance_cents);
    out.set(userId, entry);
  }
  return out;
}

export interface LineFilter {
  userId: bigint;
  kind?: string | undefined;
  bucket?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

function lineWhere(f: LineFilter): SQL {
  const parts: SQL[] = [sql`a.user_id = ${f.userId.toString()}`];
  if (f.kind) parts.push(sql`t.kind = ${f.kind}`);
  if (f.bucket) parts.push(sql`a.bucket = ${f.bucket}`);
  if (f.from) parts.push(sql`p.created_at >= ${f.from}`);
  if (f.to) parts.push(sql`p.created_at < ${f.to}`);
  return sql.join(parts, sql` and `);
}

export interface LineRow {
  id: bigint;
  transactionId: bigint;
  kind: string;
  bucket: string;
  amountCents: number;
  balanceAfterCents: number;
  refType: string | null;
  refId: string | null;
  memo: string;
  createdAt: Date;
}

export async function listLines(db: DbOrTx, f: LineFilter, limit: number, offset: number): Promise<LineRow[]> {
  const found = await rows<{
    id: string;
    transaction_id: string;
    kind: string;
    bucket: string;
    amount_cents: string;
    balance_after_cents: string;
    ref_type: string | null;
    ref_id: string | null;
    memo: string;
    created_at: string;
  }>(
    db,
    sql`select p.id, p.transaction_id, t.kind, a.bucket, p.amount_cents, p.balance_after_cents,
               t.ref_type, t.ref_id, t.memo, p.created_at
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        where ${lineWhere(f)}
        order by p.id desc
        limit ${limit} offset ${offset}`,
  );
  return found.map((r) => ({
    id: BigInt(r.id),
    transactionId: BigInt(r.transaction_id),
    kind: r.kind,
    bucket: r.bucket,
    amountCents: Number(r.amount_cents),
    balanceAfterCents: Number(r.balance_after_cents),
    refType: r.ref_type,
    refId: r.ref_id,
    memo: r.memo,
    createdAt: new Date(r.created_at),
  }));
}

export async function countLines(db: DbOrTx, f: LineFilter): Promise<number> {
  const found = await rows<{ n: string }>(
    db,
    sql`select count(*) as n from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        where ${lineWhere(f)}`,
  );
  return Number(found[0]?.n ?? 0);
}

/** Net amount the user spent on orders since `since`: payments minus refunds. */
export async function spentSince(db: DbOrTx, userId: bigint, since: Date): Promise<number> {
  const found = await rows<{ spent: string | null }>(
    db,
    sql`select coalesce(sum(-p.amount_cents), 0) as spent
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        where a.user_id = ${userId.toString()} and a.bucket = 'available'
          and t.kind in ('order_payment', 'order_refund') and p.created_at >= ${since}`,
  );
  return Math.max(0, Number(found[0]?.spent ?? 0));
}

// ---- The books check ----

export async function sumAllPostings(db: DbOrTx): Promise<{ sum: number; postings: number; transactions: number }> {
  const found = await rows<{ s: string | null; n: string; t: string }>(
    db,
    sql`select coalesce(sum(amount_cents), 0) as s, count(*) as n,
               (select count(*) from ledger_transactions) as t
        from ledger_postings`,
  );
  return { sum: Number(found[0]?.s ?? 0), postings: Number(found[0]?.n ?? 0), transactions: Number(found[0]?.t ?? 0) };
}

/** Transactions whose postings do not sum to zero, or that have fewer than two postings. */
export async function unbalancedTransactions(db: DbOrTx, limit = 100): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select t.id from ledger_transactions t
        left join (select transaction_id, sum(amount_cents) as s, count(*) as n
                   from ledger_postings group by transaction_id) p on p.transaction_id = t.id
        where p.transaction_id is null or p.n < 2 or p.s <> 0
        order by t.id limit ${limit}`,
  );
  return found.map((r) => String(r.id));
}

export interface RebuiltAccount {
  key: string;
  ownerKind: string;
  userId: string | null;
  bucket: string;
  balanceCents: number;
  postingsCents: number;
}

/** Every account with its stored balance beside the sum of its postings. */
export async function rebuildBalances(db: DbOrTx): Promise<RebuiltAccount[]> {
  const found = await rows<{
    key: string;
    owner_kind: string;
    user_id: string | null;
    bucket: string;
    balance_cents: string;
    postings_cents: string;
  }>(
    db,
    sql`select a.key, a.owner_kind, a.user_id, a.bucket, a.balance_cents,
               coalesce((select sum(p.amount_cents) from ledger_postings p where p.account_id = a.id), 0) as postings_cents
        from ledger_accounts a order by a.id`,
  );
  return found.map((r) => ({
    key: r.key,
    ownerKind: r.owner_kind,
    userId: r.user_id === null ? null : String(r.user_id),
    bucket: r.bucket,
    balanceCents: Number(r.balance_cents),
    postingsCents: Number(r.postings_cents),
  }));
}

/** Users whose frozen bucket differs from the sum of their open holds. */
export async function holdMismatches(
  db: DbOrTx,
): Promise<{ userId: string; frozenCents: number; holdsCents: number }[]> {
  const found = await rows<{ user_id: string; frozen: string; holds: string }>(
    db,
    sql`select a.user_id, a.balance_cents as frozen,
               coalesce((select sum(h.amount_cents) from ledger_holds h where h.user_id = a.user_id), 0) as holds
        from ledger_accounts a
        where a.bucket = 'frozen' and a.owner_kind = 'user'
          and a.balance_cents <> coalesce((select sum(h.amount_cents) from ledger_holds h where h.user_id = a.user_id), 0)`,
  );
  return found.map((r) => ({ userId: String(r.user_id), frozenCents: Number(r.frozen), holdsCents: Number(r.holds) }));
}
