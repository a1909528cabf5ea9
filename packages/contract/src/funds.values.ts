import { LEDGER_KINDS } from './ledger.ts';

/** funds: the constants and rules that need no schema (pages import them without zod; see funds.ts). */

/** Business constants of spec §9 for money. All amounts in US cents; rates in basis points (1/100 %). */
export const FUNDS_LIMITS = {
  /** Top-up minimum 5 USD. */
  rechargeMinCents: 500,
  /** A single top-up at most (the sandbox provider's per-charge limit, like a real one). */
  rechargeMaxCents: 5_000_000,
  /** The fee rate per recharge method, a parameter (basis points of the amount), paid on top. */
  rechargeFeeBps: { card: 300, alipay: 150 } as Record<'card' | 'alipay', number>,
  /** A hosted checkout session expires after this long (then the recharge fails). */
  checkoutSessionTtlSeconds: 30 * 60,
  /** Settlement: at least $50, $1 fee per transaction (taken from the amount), note ≤ 200. */
  settlementMinCents: 5_000,
  settlementFeeCents: 100,
  settlementNoteMax: 200,
  /** 'review 3–5 working days'. */
  settlementReviewDays: { min: 3, max: 5 },
  /** Payee review about 3 days. */
  payeeReviewDays: 3,
  payeeAddressMin: 10,
  payeeAddressMax: 120,
  payeeNameMax: 100,
  payeeFilesMax: 4,
  /** Agreement/certificate images: JPG or PNG, at most 5 MB each. */
  payeeFileMaxBytes: 5 * 1024 * 1024,
  payeeFileTypes: ['image/jpeg', 'image/png'] as readonly string[],
  /** Export cap, a parameter: at most this many rows per CSV/XLSX export. */
  exportMaxRows: 10_000,
  /** Bank cards saved with the payment provider per account. */
  cardsMax: 5,
} as const;

/**
 * A top-up fee: the rate applied to the amount, rounded half up to a cent. The rate is a parameter
 * (rechargeFeeCardBps / rechargeFeeAlipayBps): callers pass the one in force; the default is the
 * parameter's default.
 */
export function rechargeFeeCents(
  amountCents: number,
  method: RechargeMethod,
  feeBps: number = FUNDS_LIMITS.rechargeFeeBps[method],
): number {
  return Math.floor((amountCents * feeBps + 5_000) / 10_000);
}

/** Integer cents from a dollar string typed by a user ('20', '20.5', '20.50'); null when not a valid amount. */
export function parseDollarsToCents(input: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(input);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const TRANSACTION_TYPES = LEDGER_KINDS;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const RECHARGE_METHODS = ['card', 'alipay'] as const;

export type RechargeMethod = (typeof RECHARGE_METHODS)[number];

export const RECHARGE_STATUSES = ['recharging', 'success', 'failed'] as const;

export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

/**
 * The transition table of top-ups (spec §4). `failed → success` is the provider's late confirmation
 * of a payment we had given up on (our expiry ran before its webhook arrived): the money was taken,
 * so it is credited.
 */
export const RECHARGE_TRANSITIONS: Record<RechargeStatus, readonly RechargeStatus[]> = {
  recharging: ['success', 'failed'],
  success: [],
  failed: ['success'],
};

/** Why a top-up failed (`Recharge.failureReason`); the pages show a localised text per reason. */
export const RECHARGE_FAILURE_REASONS = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'canceled',
  'expired',
] as const;

export type RechargeFailureReason = (typeof RECHARGE_FAILURE_REASONS)[number];

export const PAYEE_TYPES = ['wire', 'paypal'] as const;

export type PayeeType = (typeof PAYEE_TYPES)[number];

/** spec §4: pending review (about 3 days) → needs supplement → supplement done awaiting review → approved / rejected; revoked. */
export const PAYEE_STATUSES = [
  'pending_review',
  'needs_supplement',
  'supplement_submitted',
  'approved',
  'rejected',
  'revoked',
] as const;

export type PayeeStatus = (typeof PAYEE_STATUSES)[number];

export const PAYEE_ACCOUNT_TYPES = ['personal', 'business'] as const;

/** The transition table of payees (DESIGN.md §2): from → allowed next statuses. */
export const PAYEE_TRANSITIONS: Record<PayeeStatus, readonly PayeeStatus[]> = {
  pending_review: ['needs_supplement', 'approved', 'rejected', 'revoked'],
  needs_supplement: ['supplement_submitted', 'revoked'],
  supplement_submitted: ['needs_supplement', 'approved', 'rejected', 'revoked'],
  approved: ['revoked'],
  rejected: ['pending_review'],
  revoked: ['pending_review'],
};

export const SETTLEMENT_STATUSES = ['in_review', 'processing', 'success', 'failure'] as const;

export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const SETTLEMENT_TRANSITIONS: Record<SettlementStatus, readonly SettlementStatus[]> = {
  in_review: ['processing', 'failure'],
  processing: ['success', 'failure'],
  success: [],
  failure: [],
};

export const SETTLEMENT_TARGETS = ['balance', 'wire'] as const;

export type SettlementTarget = (typeof SETTLEMENT_TARGETS)[number];
