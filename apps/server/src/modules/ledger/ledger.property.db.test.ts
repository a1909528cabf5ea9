import type { LedgerKind, PlatformAccount, UserBucket } from '@namebourse/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/open-database.ts';
import { ManualClock } from '../../platform/clock.ts';
import { isAppError } from '../../platform/errors.ts';
import { createUser } from '../account/account.service.ts';
import {
  type AccountRef,
  capture,
  checkBooks,
  getBalances,
  getBalancesOf,
  getHolds,
  getLines,
  getSpentSince,
  hold,
  release,
  transfer,
} from './ledger.service.ts';

/**
 * Model-based property test of the ledger: random sequences of money operations run against the
 * real ledger on a database and against a small in-memory model of what they must do. After every
 * operation the outcome (moved / replayed / refused with which code), every balance of the run's
 * users and of the platform accounts (and which accounts exist) and every hold must match the
 * model; every 100 operations and at the end of each run the service's own reads too, and at the
 * end the transaction history counts, the latest line, the order spending, the running balance
 * of every posting and the books check.
 *
 * LEDGER_PROPERTY_OPS sets the operations per engine; by default the normal run makes 10,000 in
 * all, shared by the engines it runs on (all of them on PGlite, 5,000 each with PostgreSQL too).
 * LEDGER_PROPERTY_RUN_LENGTH sets the operations per run (2,500), LEDGER_PROPERTY_SEED the seed,
 * LEDGER_PROPERTY_ENGINE one engine only. The long run:
 *   TEST_DATABASE_URL=postgres://… LEDGER_PROPERTY_ENGINE=postgres LEDGER_PROPERTY_OPS=1000000 \
 *   LEDGER_PROPERTY_RUN_LENGTH=10000 npx vitest run apps/server/src/modules/ledger/ledger.property.db.test.ts
 * Each run uses fresh users on one database; platform accounts are shared, so the model starts
 * each run from their balances at that moment.
 */

/** LEDGER_PROPERTY_ENGINE=postgres runs only that engine (the long run). */
const ONLY = process.env.LEDGER_PROPERTY_ENGINE;
const ENGINES_RUN = ENGINES.filter((e) => !ONLY || e === ONLY);
const TOTAL_OPS = process.env.LEDGER_PROPERTY_OPS
  ? Number(process.env.LEDGER_PROPERTY_OPS)
  : Math.ceil(10_000 / Math.max(1, ENGINES_RUN.length));
const RUN_LENGTH = Math.min(TOTAL_OPS, Number(process.env.LEDGER_PROPERTY_RUN_LENGTH ?? 2_500));
const RUNS = Math.ceil(TOTAL_OPS / RUN_LENGTH);
const SEED = process.env.LEDGER_PROPERTY_SEED
  ? Number(process.env.LEDGER_PROPERTY_SEED)
  : Math.floor(Math.random() * 2 ** 31);
const LONG = TOTAL_OPS > 50_000;
const USERS = 3;
const REFS = 4;
const LABELS = ['', 'Deposit: a.com', 'Order: b.net'];
const PLATFORM: PlatformAccount[] = ['gateway', 'escrow', 'fees', 'forfeits', 'payouts_pending', 'wire_payouts'];
const BUCKETS: UserBucket[] = ['available', 'frozen', 'earnings'];
const SETTLEMENT_FEE = 100;

// ---- Operations as generated (amounts of moves that depend on a balance are a percentage of it) ----

type Op =
  | { t: 'topUp'; u: number; cents: number }
  | { t: 'hold'; u: number; ref: number; pct: number; label: number }
  | { t: 'release'; u: number; ref: number; pct: number }
  | { t: 'capture'; u: number; ref: number; pct: number; toEscrow: boolean }
  | { t: 'pay'; u: number; pct: number }
  | { t: 'refund'; u: number; pct: number }
  | { t: 'earn'; u: number; cents: number }
  | { t: 'settle'; u: number; pct: number }
  | { t: 'settleToBalance'; u: number; pct: number }
  | { t: 'settlePaid'; u: number; pct: number }
  | { t: 'settleReturn'; u: number; pct: number }
  | { t: 'send'; u: number; to: number; pct: number }
  | { t: 'unbalanced'; u: number; cents: number; variant: number }
  | { t: 'badHold'; u: number; ref: number; cents: number; variant: number };
type Step = Op | { t: 'replay'; back: number; same: boolean; inner: Op };

const user = fc.integer({ min: 0, max: USERS - 1 });
const ref = fc.integer({ min: 0, max: REFS - 1 });
/** 0–150 % of the balance the move draws on: about a third of them ask for more than there is. */
const pct = fc.integer({ min: 0, max: 150 });
const cents = fc.integer({ min: 1, max: 500_000 });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('topUp' as const), u: user, cents }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('hold' as const), u: user, ref, pct, label: fc.nat(2) }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('release' as const), u: user, ref, pct }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('capture' as const), u: user, ref, pct, toEscrow: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('pay' as const), u: user, pct }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refund' as const), u: user, pct }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('earn' as const), u: user, cents }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('settle' as const), u: user, pct }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('settleToBalance' as const), u: user, pct }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('settlePaid' as const), u: user, pct }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('settleReturn' as const), u: user, pct }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('send' as const), u: user, to: fc.integer({ min: 1, max: USERS - 1 }), pct }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('unbalanced' as const), u: user, cents, variant: fc.nat(3) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('badHold' as const), u: user, ref, cents, variant: fc.nat(2) }),
  },
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 9, arbitrary: opArb },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('replay' as const), back: fc.nat(), same: fc.boolean(), inner: opArb }),
  },
);

// ---- Concrete calls (what both the model and the ledger are asked to do) ----

/** `u0:available`, `p:escrow`, … */
type Acct = string;
type Call =
  | { op: 'transfer'; kind: LedgerKind; postings: { acct: Acct; cents: number }[] }
  | { op: 'hold'; u: number; cents: number; ref: number; label: string }
  | { op: 'release'; u: number; cents: number; ref: number }
  | { op: 'capture'; u: number; cents: number; ref: number; to: PlatformAccount; kind: LedgerKind | undefined };

type Outcome = 'ok' | 'replayed' | string;

const ua = (u: number, bucket: UserBucket): Acct => `u${u}:${bucket}`;
const pa = (p: PlatformAccount): Acct => `p:${p}`;
const refType = (r: number) => (r < REFS - 1 ? 'auction' : 'order');
const refId = (r: number) => `R${r}`;

interface Snapshot {
  balances: Record<Acct, number>;
  /** `u0 auction/R0 1500 Deposit: a.com`, sorted. */
  holds: string[];
}

interface Line {
  kind: LedgerKind;
  bucket: UserBucket;
  amountCents: number;
}

/** The reference model: a few maps, no database. */
class Model {
  readonly balances = new Map<Acct, number>();
  /** Accounts that exist: named by a call that moved money or was replayed (a refused call rolls back). */
  readonly opened = new Set<Acct>();
  readonly holds: Map<number, { label: string; cents: number }>[] = [];
  readonly committed = new Set<string>();
  readonly lines: number[] = [];
  readonly lastLine: (Line | null)[] = [];
  readonly spent: { at: number; cents: number }[][] = [];
  /** Bookkeeping that only steers the generator (what a refund or a payout may draw on). */
  readonly paid: number[] = [];
  readonly pending: number[] = [];

  constructor(platform: Record<string, number>) {
    for (const p of PLATFORM) {
      this.balances.set(pa(p), platform[p] ?? 0);
      if (platform[p] !== undefined) this.opened.add(pa(p));
    }
    for (let u = 0; u < USERS; u++) {
      for (const b of BUCKETS) this.balances.set(ua(u, b), 0);
      this.holds.push(new Map());
      this.lines.push(0);
      this.lastLine.push(null);
      this.spent.push([]);
      this.paid.push(0);
      this.pending.push(0);
    }
  }

  /** All balances (accounts that exist; a user bucket exists once something touched it) and holds. */
  snapshot(): Snapshot {
    const balances: Record<Acct, number> = {};
    for (const [acct, cents] of this.balances) if (this.opened.has(acct)) balances[acct] = cents;
    const holds: string[] = [];
    this.holds.forEach((byRef, u) => {
      for (const [r, h] of byRef) holds.push(`u${u} ${refType(r)}/${refId(r)} ${h.cents} ${h.label}`);
    });
    return { balances, holds: holds.sort() };
  }

  bal(acct: Acct): number {
    return this.balances.get(acct) ?? 0;
  }

  held(u: number, r: number): number {
    return this.holds[u]?.get(r)?.cents ?? 0;
  }

  /** The postings a call makes, in order (holds and releases are two-legged transfers). */
  postingsOf(call: Call): { acct: Acct; cents: number }[] {
    switch (call.op) {
      case 'transfer':
        return call.postings;
      case 'hold':
        return [
          { acct: ua(call.u, 'available'), cents: -call.cents },
          { acct: ua(call.u, 'frozen'), cents: call.cents },
        ];
      case 'release':
        return [
          { acct: ua(call.u, 'frozen'), cents: -call.cents },
          { acct: ua(call.u, 'available'), cents: call.cents },
        ];
      case 'capture':
        return [
          { acct: ua(call.u, 'frozen'), cents: -call.cents },
          { acct: pa(call.to), cents: call.cents },
        ];
    }
  }

  kindOf(call: Call): LedgerKind {
    switch (call.op) {
      case 'transfer':
        return call.kind;
      case 'hold':
        return 'deposit_hold';
      case 'release':
        return 'deposit_release';
      case 'capture':
        return call.kind ?? 'deposit_forfeit';
    }
  }

  /** What the ledger must answer, applying the call when it moves money. */
  apply(call: Call, key: string, at: number): Outcome {
    const postings = this.postingsOf(call);
    if (call.op === 'transfer') {
      if (postings.length < 2 || postings.some((p) => !Number.isSafeInteger(p.cents) || p.cents === 0)) {
        return 'Ledger.Unbalanced';
      }
      if (postings.reduce((s, p) => s + p.cents, 0) !== 0) return 'Ledger.Unbalanced';
    } else if (!Number.isSafeInteger(call.cents) || call.cents <= 0) {
      return 'Ledger.Unbalanced';
    }
    if (this.committed.has(key)) {
      for (const p of postings) this.opened.add(p.acct);
      return 'replayed';
    }
    if ((call.op === 'release' || call.op === 'capture') && this.held(call.u, call.ref) < call.cents) {
      return 'Funds.InvalidTransition';
    }
    const next = new Map<Acct, number>();
    for (const p of postings) next.set(p.acct, (next.get(p.acct) ?? this.bal(p.acct)) + p.cents);
    for (const [acct, cents] of next) if (acct.startsWith('u') && cents < 0) return 'Funds.InsufficientBalance';

    for (const [acct, cents] of next) {
      this.balances.set(acct, cents);
      this.opened.add(acct);
    }
    this.committed.add(key);
    const kind = this.kindOf(call);
    for (const p of postings) {
      if (!p.acct.startsWith('u')) continue;
      const [who, bucket] = p.acct.slice(1).split(':') as [string, UserBucket];
      const u = Number(who);
      this.lines[u] = (this.lines[u] ?? 0) + 1;
      this.lastLine[u] = { kind, bucket, amountCents: p.cents };
      if (bucket === 'available' && (kind === 'order_payment' || kind === 'order_refund')) {
        this.spent[u]?.push({ at, cents: -p.cents });
      }
    }
    if (call.op === 'hold') {
      const holds = this.holds[call.u] as Map<number, { label: string; cents: number }>;
      const existing = holds.get(call.ref);
      holds.set(
        call.ref,
        existing
          ? { label: call.label === '' ? existing.label : call.label, cents: existing.cents + call.cents }
          : { label: call.label, cents: call.cents },
      );
    } else if (call.op === 'release' || call.op === 'capture') {
      const holds = this.holds[call.u] as Map<number, { label: string; cents: number }>;
      const existing = holds.get(call.ref) as { label: string; cents: number };
      if (existing.cents === call.cents) holds.delete(call.ref);
      else holds.set(call.ref, { label: existing.label, cents: existing.cents - call.cents });
    }
    return 'ok';
  }

  /** Turns a generated operation into a concrete call against the model's current balances. */
  resolve(op: Op): Call {
    const part = (base: number, p: number) => Math.max(1, Math.floor((base * p) / 100));
    switch (op.t) {
      case 'topUp':
        return {
          op: 'transfer',
          kind: 'recharge',
          postings: [
            { acct: pa('gateway'), cents: -op.cents },
            { acct: ua(op.u, 'available'), cents: op.cents },
          ],
        };
      case 'hold':
        return {
          op: 'hold',
          u: op.u,
          ref: op.ref,
          cents: part(this.bal(ua(op.u, 'available')), op.pct),
          label: LABELS[op.label] ?? '',
        };
      case 'release':
        return { op: 'release', u: op.u, ref: op.ref, cents: part(this.held(op.u, op.ref), op.pct) };
      case 'capture':
        return {
          op: 'capture',
          u: op.u,
          ref: op.ref,
          cents: part(this.held(op.u, op.ref), op.pct),
          to: op.toEscrow ? 'escrow' : 'forfeits',
          kind: op.toEscrow ? 'order_payment' : undefined,
        };
      case 'pay': {
        const c = part(this.bal(ua(op.u, 'available')), op.pct);
        return {
          op: 'transfer',
          kind: 'order_payment',
          postings: [
            { acct: ua(op.u, 'available'), cents: -c },
            { acct: pa('escrow'), cents: c },
          ],
        };
      }
      case 'refund': {
        const c = part(this.paid[op.u] ?? 0, Math.min(op.pct, 100));
        return {
          op: 'transfer',
          kind: 'order_refund',
          postings: [
            { acct: pa('escrow'), cents: -c },
            { acct: ua(op.u, 'available'), cents: c },
          ],
        };
      }
      case 'earn': {
        const fee = Math.floor(op.cents / 20);
        const postings = [
          { acct: pa('escrow'), cents: -op.cents },
          { acct: ua(op.u, 'earnings'), cents: op.cents - fee },
        ];
        if (fee > 0) postings.push({ acct: pa('fees'), cents: fee });
        return { op: 'transfer', kind: 'sale_proceeds', postings };
      }
      case 'settle': {
        const c = part(this.bal(ua(op.u, 'earnings')), op.pct);
        return {
          op: 'transfer',
          kind: 'settlement_request',
          postings: [
            { acct: ua(op.u, 'earnings'), cents: -c },
            { acct: pa('payouts_pending'), cents: c },
          ],
        };
      }
      case 'settleToBalance': {
        const c = Math.max(SETTLEMENT_FEE + 1, part(this.bal(ua(op.u, 'earnings')), op.pct));
        return {
          op: 'transfer',
          kind: 'settlement_paid',
          postings: [
            { acct: ua(op.u, 'earnings'), cents: -c },
            { acct: ua(op.u, 'available'), cents: c - SETTLEMENT_FEE },
            { acct: pa('fees'), cents: SETTLEMENT_FEE },
          ],
        };
      }
      case 'settlePaid': {
        const c = part(this.pending[op.u] ?? 0, Math.min(op.pct, 100));
        return {
          op: 'transfer',
          kind: 'settlement_paid',
          postings: [
            { acct: pa('payouts_pending'), cents: -c },
            { acct: pa('wire_payouts'), cents: c },
          ],
        };
      }
      case 'settleReturn': {
        const c = part(this.pending[op.u] ?? 0, Math.min(op.pct, 100));
        return {
          op: 'transfer',
          kind: 'settlement_returned',
          postings: [
            { acct: pa('payouts_pending'), cents: -c },
            { acct: ua(op.u, 'earnings'), cents: c },
          ],
        };
      }
      case 'send': {
        const c = part(this.bal(ua(op.u, 'available')), op.pct);
        return {
          op: 'transfer',
          kind: 'adjustment',
          postings: [
            { acct: ua(op.u, 'available'), cents: -c },
            { acct: ua((op.u + op.to) % USERS, 'available'), cents: c },
          ],
        };
      }
      case 'unbalanced': {
        const variants: { acct: Acct; cents: number }[][] = [
          // Off by one cent.
          [
            { acct: pa('gateway'), cents: -op.cents - 1 },
            { acct: ua(op.u, 'available'), cents: op.cents },
          ],
          // A zero leg.
          [
            { acct: pa('gateway'), cents: 0 },
            { acct: ua(op.u, 'available'), cents: 0 },
          ],
          // One leg only.
          [{ acct: ua(op.u, 'available'), cents: op.cents }],
          // Three legs that do not add up.
          [
            { acct: ua(op.u, 'available'), cents: -1 },
            { acct: pa('escrow'), cents: op.cents },
            { acct: pa('fees'), cents: -op.cents },
          ],
        ];
        return { op: 'transfer', kind: 'adjustment', postings: variants[op.variant] ?? [] };
      }
      case 'badHold': {
        const c = [0, -op.cents, 0.5][op.variant] ?? 0;
        return op.variant === 1
          ? { op: 'release', u: op.u, ref: op.ref, cents: c }
          : { op: 'hold', u: op.u, ref: op.ref, cents: c, label: '' };
      }
    }
  }

  /** Generator bookkeeping after a call moved money. */
  note(call: Call, u: number): void {
    if (call.op !== 'transfer') return;
    const first = call.postings[0];
    const c = Math.abs(first?.cents ?? 0);
    if (call.kind === 'order_payment') this.paid[u] = (this.paid[u] ?? 0) + c;
    if (call.kind === 'order_refund') this.paid[u] = Math.max(0, (this.paid[u] ?? 0) - c);
    if (call.kind === 'settlement_request') this.pending[u] = (this.pending[u] ?? 0) + c;
    if (
      call.kind === 'settlement_returned' ||
      (call.kind === 'settlement_paid' && first?.acct === pa('payouts_pending'))
    ) {
      this.pending[u] = Math.max(0, (this.pending[u] ?? 0) - c);
    }
  }
}

function userOfOp(op: Op): number {
  return op.u;
}

describe.each(ENGINES_RUN)('ledger against a reference model on %s', (engine) => {
  let database: Database;
  const clock = new ManualClock(new Date('2026-01-05T00:00:00Z'));
  let runNo = 0;
  let opsDone = 0;
  const outcomes = new Map<string, number>();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    // A memory database has nothing to make durable: skipping the WAL flush at each commit makes
    // PGlite's commits about a third cheaper and changes nothing the test observes.
    if (engine === 'pglite') await database.db.execute(sql`set synchronous_commit = off`);
  });
  afterAll(async () => database?.close());

  async function platformBalances(): Promise<Record<string, number>> {
    const result = (await database.db.execute(
      sql`select bucket, balance_cents from ledger_accounts where owner_kind = 'platform'`,
    )) as unknown as { rows: { bucket: string; balance_cents: string }[] };
    return Object.fromEntries(result.rows.map((r) => [r.bucket, Number(r.balance_cents)]));
  }

  /**
   * Every balance of the run's users and of the platform, and every hold row of the users (zero
   * rows included: there must be none), in one read, shaped like `Model.snapshot`.
   */
  async function snapshot(userIds: bigint[]): Promise<Snapshot> {
    const ids = sql.param(userIds.map(String));
    const result = (await database.db.execute(
      sql`select 'a' as t, owner_kind as k, user_id as u, bucket as b, '' as l, balance_cents as c
          from ledger_accounts where owner_kind = 'platform' or user_id = any(${ids}::bigint[])
          union all
          select 'h', ref_type, user_id, ref_id, label, amount_cents
          from ledger_holds where user_id = any(${ids}::bigint[])`,
    )) as unknown as { rows: { t: string; k: string; u: string | null; b: string; l: string; c: string }[] };
    const who = (id: string | null) => userIds.findIndex((u) => u.toString() === String(id));
    const balances: Record<Acct, number> = {};
    const holds: string[] = [];
    for (const r of result.rows) {
      if (r.t === 'h') holds.push(`u${who(r.u)} ${r.k}/${r.b} ${Number(r.c)} ${r.l}`);
      else if (r.k === 'platform') balances[pa(r.b as PlatformAccount)] = Number(r.c);
      else balances[ua(who(r.u), r.b as UserBucket)] = Number(r.c);
    }
    return { balances, holds: holds.sort() };
  }

  async function runOps(steps: Step[]): Promise<void> {
    runNo += 1;
    const tag = `${engine}-${runNo}-${Date.now().toString(36)}`;
    const userIds: bigint[] = [];
    for (let u = 0; u < USERS; u++) {
      const created = await createUser(database.db, clock, {
        email: `prop-${tag}-${u}@example.com`,
        password: 'Passw0rd!x',
        nickname: `p${u}`,
      });
      userIds.push(created.id);
    }
    const acctRef = (acct: Acct): AccountRef => {
      if (acct.startsWith('p:')) return { platform: acct.slice(2) as PlatformAccount };
      const [who, bucket] = acct.slice(1).split(':') as [string, UserBucket];
      return { userId: userIds[Number(who)] as bigint, bucket };
    };
    const uid = (u: number) => userIds[u] as bigint;

    async function real(call: Call, key: string): Promise<Outcome> {
      const now = clock.now();
      try {
        const result = await database.db.transaction((tx) => {
          switch (call.op) {
            case 'transfer':
              return transfer(tx, now, {
                kind: call.kind,
                idempotencyKey: key,
                postings: call.postings.map((p) => ({ account: acctRef(p.acct), amountCents: p.cents })),
                ref: { type: 'property', id: key },
              });
            case 'hold':
              return hold(tx, now, {
                userId: uid(call.u),
                amountCents: call.cents,
                ref: { type: refType(call.ref), id: refId(call.ref), label: call.label },
                idempotencyKey: key,
              });
            case 'release':
              return release(tx, now, {
                userId: uid(call.u),
                amountCents: call.cents,
                ref: { type: refType(call.ref), id: refId(call.ref) },
                idempotencyKey: key,
              });
            case 'capture':
              return capture(tx, now, {
                userId: uid(call.u),
                amountCents: call.cents,
                ref: { type: refType(call.ref), id: refId(call.ref) },
                idempotencyKey: key,
                to: { platform: call.to },
                ...(call.kind ? { kind: call.kind } : {}),
              });
          }
        });
        return result.replayed ? 'replayed' : 'ok';
      } catch (err) {
        if (isAppError(err)) return err.code;
        throw err;
      }
    }

    async function expectHolds(model: Model, u: number, where: string) {
      const got = (await getHolds(database.db, uid(u)))
        .map((h) => ({ refType: h.refType, refId: h.refId, label: h.label, amountCents: h.amountCents }))
        .sort((a, b) => a.refId.localeCompare(b.refId));
      const want = [...(model.holds[u] ?? new Map()).entries()]
        .sort(([a], [b]) => a - b)
        .map(([r, h]) => ({ refType: refType(r), refId: refId(r), label: h.label, amountCents: h.cents }));
      expect(got, `holds of u${u} ${where}`).toEqual(want);
    }

    /** The service's own reads agree with the model too. */
    async function expectServiceBalances(model: Model, where: string) {
      const balances = await getBalancesOf(database.db, userIds);
      for (let v = 0; v < USERS; v++) {
        const want = {
          availableCents: model.bal(ua(v, 'available')),
          frozenCents: model.bal(ua(v, 'frozen')),
          earningsCents: model.bal(ua(v, 'earnings')),
        };
        expect(balances.get(uid(v).toString()), `getBalancesOf u${v} ${where}`).toEqual(want);
        expect(await getBalances(database.db, uid(v)), `getBalances u${v} ${where}`).toEqual(want);
      }
    }

    const model = new Model(await platformBalances());
    const history: { call: Call; key: string; u: number }[] = [];
    const startedAt = clock.now().getTime();
    const times: number[] = [];

    for (let i = 0; i < steps.length; i++) {
      const step = steps[i] as Step;
      clock.advance(1);
      const at = clock.now().getTime();
      times.push(at);
      let call: Call;
      let key: string;
      let u: number;
      if (step.t === 'replay' && history.length > 0) {
        const earlier = history[step.back % history.length] as { call: Call; key: string; u: number };
        key = earlier.key;
        if (step.same) {
          call = earlier.call;
          u = earlier.u;
        } else {
          call = model.resolve(step.inner);
          u = userOfOp(step.inner);
        }
      } else {
        const op = step.t === 'replay' ? step.inner : step;
        call = model.resolve(op);
        key = `${tag}:${i}`;
        u = userOfOp(op);
      }
      const where = `at step ${i} of run ${runNo}: ${JSON.stringify(step)} → ${JSON.stringify(call)} key ${key}`;
      const want = model.apply(call, key, at);
      const outcome = await real(call, key);
      expect(outcome, `outcome ${where}`).toBe(want);
      if (want === 'ok') model.note(call, u);
      history.push({ call, key, u });
      const label = `${step.t === 'replay' ? 'replay:' : ''}${call.op}:${want}`;
      outcomes.set(label, (outcomes.get(label) ?? 0) + 1);

      // Every balance and every hold after every operation; the service's own reads now and then.
      expect(await snapshot(userIds), `balances and holds ${where}`).toEqual(model.snapshot());
      if (i % 100 === 99) {
        await expectServiceBalances(model, where);
        for (let v = 0; v < USERS; v++) await expectHolds(model, v, where);
      }
    }
    opsDone += steps.length;
    if (LONG) console.log(`run ${runNo}: ${opsDone} operations so far, ${new Date().toISOString()}`);

    // End of run: everything the model knows, and the books.
    const end = `at the end of run ${runNo}`;
    const half = times[Math.floor(times.length / 2)] ?? startedAt;
    await expectServiceBalances(model, end);
    for (let v = 0; v < USERS; v++) {
      await expectHolds(model, v, end);
      const lines = await getLines(database.db, { userId: uid(v) }, { limit: 1, offset: 0 });
      expect(lines.total, `lines of u${v} ${end}`).toBe(model.lines[v]);
      const last = lines.items[0];
      expect(last ? { kind: last.kind, bucket: last.bucket, amountCents: last.amountCents } : null).toEqual(
        model.lastLine[v],
      );
      const wantSpent = (since: number) =>
        Math.max(
          0,
          (model.spent[v] ?? []).filter((s) => s.at >= since).reduce((sum, s) => sum + s.cents, 0),
        );
      expect(await getSpentSince(database.db, uid(v), new Date(startedAt))).toBe(wantSpent(startedAt));
      expect(await getSpentSince(database.db, uid(v), new Date(half))).toBe(wantSpent(half));
    }
    // Every posting's balance_after is the running sum of its account's postings.
    const chain = (await database.db.execute(sql`
      select count(*) as n from (
        select p.balance_after_cents,
               sum(p.amount_cents) over (partition by p.account_id order by p.id) as running
        from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where a.user_id = any(${sql.param(userIds.map(String))}::bigint[])
      ) x where x.balance_after_cents <> x.running`)) as unknown as { rows: { n: string }[] };
    expect(Number(chain.rows[0]?.n), `running balances ${end}`).toBe(0);
    const books = await checkBooks(database.db, clock.now(), async (id) => id);
    expect(books, `books ${end}`).toMatchObject({
      balanced: true,
      postingsSum: 0,
      negativeAvailable: [],
      unbalancedTransactions: [],
      mismatchedBalances: [],
    });
    for (const p of PLATFORM) expect(books.platform[p] ?? 0).toBe(model.bal(pa(p)));
  }

  it(
    `${TOTAL_OPS} random operations (${RUNS} runs of ${RUN_LENGTH}) match the model`,
    async () => {
      const started = Date.now();
      const cpu = process.cpuUsage();
      await fc.assert(fc.asyncProperty(fc.array(stepArb, { minLength: RUN_LENGTH, maxLength: RUN_LENGTH }), runOps), {
        numRuns: RUNS,
        seed: SEED,
        // A long run reports the first failure instead of shrinking a 10,000-step sequence.
        endOnFailure: LONG,
      });
      expect(opsDone).toBe(RUNS * RUN_LENGTH);
      // Every kind of outcome happened: moves, replays and each refusal.
      for (const outcome of [
        'transfer:ok',
        'hold:ok',
        'release:ok',
        'capture:ok',
        'transfer:Funds.InsufficientBalance',
        'hold:Funds.InsufficientBalance',
        'release:Funds.InvalidTransition',
        'transfer:Ledger.Unbalanced',
        'replay:transfer:replayed',
        'replay:hold:replayed',
      ]) {
        expect(outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
      }
      if (LONG || process.env.LEDGER_PROPERTY_REPORT) {
        const summary = [...outcomes.entries()].sort().map(([k, n]) => `${k}=${n}`);
        const used = process.cpuUsage(cpu);
        console.log(
          `ledger property on ${engine} (seed ${SEED}): ${opsDone} operations in ${RUNS} runs of ${RUN_LENGTH}, ` +
            `${((Date.now() - started) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU in this process\n  ${summary.join('\n  ')}`,
        );
      }
    },
    // Generous: a shared CI machine may be slow; the normal run takes about a minute of CPU on PGlite.
    LONG ? 7 * 24 * 3600_000 : 900_000,
  );
});
