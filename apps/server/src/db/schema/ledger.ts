import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Ledger accounts (DESIGN.md §3): one row per (user, bucket) and per platform account, holding the
 * running balance in US cents. `key` is 'user:<id>:<bucket>' or 'platform:<name>'. A user's
 * buckets can never go negative (a CHECK, not only code); platform accounts may (the gateway
 * mirrors what the provider owes us). Rows are locked in id order by every transfer.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    ownerKind: text('owner_kind', { enum: ['user', 'platform'] }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'restrict' }),
    /** available | frozen | earnings for users; the platform account name otherwise. */
    bucket: text('bucket').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key_uq').on(t.key),
    index('ledger_accounts_user_idx').on(t.userId),
    check('ledger_accounts_user_non_negative', sql`${t.ownerKind} <> 'user' OR ${t.balanceCents} >= 0`),
    check('ledger_accounts_owner', sql`(${t.ownerKind} = 'user') = (${t.userId} IS NOT NULL)`),
  ],
);

/** One business event that moves money; its postings sum to zero. Append-only. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Unique: the same business event is recorded once (a retry returns the first). */
    idempotencyKey: text('idempotency_key').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    memo: text('memo').notNull().default(''),
    /** The operator or user who caused it, when one did. */
    actorId: bigint('actor_id', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idem_uq').on(t.idempotencyKey),
    index('ledger_transactions_ref_idx').on(t.refType, t.refId),
  ],
);

/** Postings: signed amounts per account; append-only (a trigger refuses UPDATE and DELETE). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_tx_idx').on(t.transactionId),
    check('ledger_postings_non_zero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * Open holds on a user's frozen bucket: what holds each frozen amount (a deposit per auction, …).
 * Written by the ledger's hold/release/capture in the same transaction as the postings.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    label: text('label').notNull().default(''),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_holds_ref_uq').on(t.userId, t.refType, t.refId),
    check('ledger_holds_non_negative', sql`${t.amountCents} >= 0`),
  ],
);
