import { z } from 'zod';

// ---- Ledger area (DESIGN.md §3): double-entry money in integer US cents ----

/** A user's three buckets (DESIGN.md §3). `available` can never go negative (a database CHECK). */
export const USER_BUCKETS = ['available', 'frozen', 'earnings'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

/**
 * Platform accounts. `gateway` is money received from the payment provider (it goes negative as
 * users top up: it mirrors what the provider owes us); `escrow` holds order payments until
 * delivery; `fees` platform income (top-up and settlement fees); `forfeits` forfeited deposits;
 * `payouts_pending` earnings under settlement review; `wire_payouts` money sent out by wire;
 * `partner_payables` what is owed to partner platforms for delivered lots; `adjustments` the
 * counterpart of manual operator corrections; `tax_payable` the tax collected on sellers' sales.
 */
export const PLATFORM_ACCOUNTS = [
  'gateway',
  'escrow',
  'fees',
  'forfeits',
  'payouts_pending',
  'wire_payouts',
  'partner_payables',
  'adjustments',
  'tax_payable',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

/**
 * Kinds of ledger transactions, also the "type" a user filters the transaction history by.
 * Each kind is one business event; a transaction's postings always sum to zero.
 */
export const LEDGER_KINDS = [
  'recharge',
  'deposit_hold',
  'deposit_release',
  'deposit_forfeit',
  'order_payment',
  'order_refund',
  'order_delivery',
  'sale_proceeds',
  'settlement_request',
  'settlement_paid',
  'settlement_returned',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** GET /api/admin/ledger/check (API.md): every balance rebuilt from the postings. */
export const LedgerCheckSchema = z.object({
  balanced: z.boolean(),
  /** Sum of every posting ever written: 0 when the books balance. */
  postingsSum: z.number().int(),
  /** User available balances below zero (must be empty). */
  negativeAvailable: z.array(z.object({ accountNo: z.string(), balanceCents: z.number().int() })),
  /** Transactions whose postings do not sum to zero (must be empty). */
  unbalancedTransactions: z.array(z.string()),
  /** Balance rows that differ from the sum of their postings (must be empty). */
  mismatchedBalances: z.array(
    z.object({ account: z.string(), balanceCents: z.number().int(), postingsCents: z.number().int() }),
  ),
  accounts: z.number().int(),
  transactions: z.number().int(),
  postings: z.number().int(),
  /** Platform account balances, for the operator's overview. */
  platform: z.record(z.string(), z.number().int()),
  checkedAt: z.string(),
});
export type LedgerCheck = z.infer<typeof LedgerCheckSchema>;
