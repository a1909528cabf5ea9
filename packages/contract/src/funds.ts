import { z } from 'zod';
import { MfaVerificationSchema } from './account.ts';
import { IsoDateSchema } from './dates.ts';
import { PageQuerySchema } from './envelope.ts';
import {
  FUNDS_LIMITS,
  PAYEE_ACCOUNT_TYPES,
  PAYEE_STATUSES,
  PAYEE_TYPES,
  RECHARGE_METHODS,
  RECHARGE_STATUSES,
  SETTLEMENT_STATUSES,
  SETTLEMENT_TARGETS,
  TRANSACTION_TYPES,
} from './funds.values.ts';
import { isLatinText } from './profile.ts';

export * from './funds.values.ts';

const latin = { message: 'latinOnly' } as const;

// ---- Funds area (spec §2 /console/fund/recharge, §3 Settlement/Payee, §4, §5, §9; API.md) ----

const cents = z.number().int();

// ---- Summary and transaction history ----

/** GET /api/funds/summary (API.md) plus what holds each frozen amount. */
export const FundsSummarySchema = z.object({
  availableCents: cents,
  frozenCents: cents,
  earningsCents: cents,
  /** What holds the frozen amount: one line per open hold (deposits per auction, …). */
  frozenHolds: z.array(
    z.object({ refType: z.string(), refId: z.string(), label: z.string(), amountCents: cents, since: z.string() }),
  ),
  /** Earnings currently under settlement (in review or processing). */
  settlingCents: cents,
  currency: z.literal('USD'),
});
export type FundsSummary = z.infer<typeof FundsSummarySchema>;

/** GET /api/funds/transactions: the user's ledger lines; `format=csv|xlsx` downloads the filtered list. */
export const TransactionsQuerySchema = PageQuerySchema.extend({
  type: z.enum(TRANSACTION_TYPES).optional(),
  /** Dates as YYYY-MM-DD in the caller's time zone (Accept-Timezone-Offset); inclusive. */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  bucket: z.enum(['available', 'frozen', 'earnings']).optional(),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'rangeInvalid', path: ['to'] });
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>;

export const TransactionLineSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  bucket: z.enum(['available', 'frozen', 'earnings']),
  /** Signed: positive credits the bucket, negative debits it. */
  amountCents: cents,
  balanceAfterCents: cents,
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  memo: z.string(),
  createdAt: z.string(),
});
export type TransactionLine = z.infer<typeof TransactionLineSchema>;

// ---- Recharge (top-up) and the payment provider ----

/** POST /api/funds/recharge (API.md). `cardId`: pay with a card saved with the provider (no redirect needed). */
export const RechargeRequestSchema = z.object({
  amountCents: z
    .number()
    .int()
    .max(FUNDS_LIMITS.rechargeMaxCents)
    // 'The minimum top-up is 5 USD' rather than a bare number of cents.
    .refine((v) => v >= FUNDS_LIMITS.rechargeMinCents, { message: 'rechargeMin' }),
  method: z.enum(RECHARGE_METHODS),
  cardId: z.string().min(1).max(64).optional(),
});
export type RechargeRequest = z.infer<typeof RechargeRequestSchema>;

export const RechargeCreatedSchema = z.object({
  rechargeId: z.string(),
  sessionId: z.string(),
  /** The provider's hosted page; the browser goes there to approve or decline. */
  payUrl: z.string(),
  feeCents: cents,
  totalCents: cents,
});
export type RechargeCreated = z.infer<typeof RechargeCreatedSchema>;

/** GET /api/funds/recharges/:rechargeId (and items of GET /api/funds/recharges). */
export const RechargeSchema = z.object({
  rechargeId: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  amountCents: cents,
  feeCents: cents,
  totalCents: cents,
  method: z.enum(RECHARGE_METHODS),
  cardLast4: z.string().nullable(),
  failureReason: z.string().nullable(),
  payUrl: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Recharge = z.infer<typeof RechargeSchema>;

export const RechargesQuerySchema = PageQuerySchema.extend({ status: z.enum(RECHARGE_STATUSES).optional() });

/** GET /api/payments/sandbox/:sessionId: what the sandbox provider's hosted page shows (no auth: the session id is the secret). */
export const SandboxSessionSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'processing', 'succeeded', 'failed', 'expired']),
  merchant: z.string(),
  description: z.string(),
  amountCents: cents,
  currency: z.literal('USD'),
  method: z.enum(RECHARGE_METHODS),
  returnUrl: z.string(),
  expiresAt: z.string(),
});
export type SandboxSession = z.infer<typeof SandboxSessionSchema>;

/**
 * POST /api/payments/sandbox/:sessionId/complete (API.md): the sandbox's own pay button. Card
 * payments may carry test card details (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined) and `saveCard` to keep the card with the provider for later top-ups.
 */
export const SandboxCompleteSchema = z.object({
  outcome: z.enum(['success', 'fail']),
  card: z
    .object({
      number: z.string().regex(/^[0-9 ]{12,23}$/),
      expMonth: z.number().int().min(1).max(12),
      expYear: z.number().int().min(2000).max(2100),
      cvc: z.string().regex(/^\d{3,4}$/),
      holder: z.string().trim().min(1).max(60),
    })
    .optional(),
  saveCard: z.boolean().optional(),
});
export type SandboxComplete = z.infer<typeof SandboxCompleteSchema>;

export const SandboxCompletedSchema = z.object({ status: z.string(), returnUrl: z.string() });

/** A card saved with the payment provider (GET /api/funds/cards; DELETE /api/funds/cards/:cardId). */
export const BankCardSchema = z.object({
  cardId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holder: z.string(),
  createdAt: z.string(),
});
export type BankCard = z.infer<typeof BankCardSchema>;
/** GET /api/funds/cards, and DELETE /api/funds/cards/:cardId (the cards left). */
export const BankCardsSchema = z.object({ items: z.array(BankCardSchema) });

/** What POST /api/payments/webhook/:provider answers the provider (2xx = acknowledged). */
export const WebhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** POST /api/dev/payments (dev tools): steer the sandbox provider. */
export const DevPaymentsRequestSchema = z.object({
  /** The next n webhook deliveries fail (as if our endpoint were unreachable); they are retried with back-off. */
  failWebhooks: z.number().int().min(0).max(1000).optional(),
  /** Forget every failure instruction. */
  reset: z.boolean().optional(),
});
export const DevPaymentsStateSchema = z.object({
  failWebhooks: z.number().int(),
  /** Webhook deliveries not yet acknowledged. */
  pendingDeliveries: z.number().int(),
});

// ---- Payees ----

const latinText = (max: number) => z.string().trim().min(1).max(max).refine(isLatinText, latin);

export const WirePayeeFieldsSchema = z.object({
  type: z.literal('wire'),
  /** Name in English or Pinyin. */
  name: latinText(FUNDS_LIMITS.payeeNameMax),
  bankName: latinText(120),
  /** A–Z and 0–9 only. */
  accountNumber: z
    .string()
    .trim()
    .min(4)
    .max(40)
    .regex(/^[A-Z0-9]+$/, { message: 'bankAccountInvalid' }),
  accountType: z.enum(PAYEE_ACCOUNT_TYPES),
  swiftCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { message: 'swiftInvalid' })
    .optional(),
  address: z.string().trim().min(FUNDS_LIMITS.payeeAddressMin).max(FUNDS_LIMITS.payeeAddressMax),
  businessRegistrationNumber: z.string().trim().max(40).optional(),
  idNumber: z.string().trim().min(4).max(40),
  signatory: latinText(60),
});
export const PaypalPayeeFieldsSchema = z.object({
  type: z.literal('paypal'),
  name: latinText(FUNDS_LIMITS.payeeNameMax),
  paypalAccount: z.email({ message: 'email' }).max(120),
});

/**
 * POST /api/funds/payees: create or edit the account's payee of that type (one per type). `fileIds`
 * are uploads from POST /api/funds/payees/files (≤ 4). An approved payee cannot be edited. Needs MFA.
 */
export const SavePayeeRequestSchema = z.discriminatedUnion('type', [
  WirePayeeFieldsSchema.extend({
    fileIds: z.array(z.string().min(1).max(64)).max(FUNDS_LIMITS.payeeFilesMax).default([]),
    mfaVerification: MfaVerificationSchema.optional(),
  }),
  PaypalPayeeFieldsSchema.extend({
    fileIds: z.array(z.string().min(1).max(64)).max(FUNDS_LIMITS.payeeFilesMax).default([]),
    mfaVerification: MfaVerificationSchema.optional(),
  }),
]);
export type SavePayeeRequest = z.infer<typeof SavePayeeRequestSchema>;

export const PayeeFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** GET this (signed-in owner or operator) to see the image. */
  url: z.string(),
});
export type PayeeFile = z.infer<typeof PayeeFileSchema>;

export const PayeeSchema = z.object({
  payeeId: z.string(),
  type: z.enum(PAYEE_TYPES),
  status: z.enum(PAYEE_STATUSES),
  name: z.string(),
  bankName: z.string().nullable(),
  /** Masked except the last 4 for display (the owner sees it whole in `accountNumberFull`). */
  accountNumber: z.string().nullable(),
  accountType: z.enum(PAYEE_ACCOUNT_TYPES).nullable(),
  swiftCode: z.string().nullable(),
  address: z.string().nullable(),
  businessRegistrationNumber: z.string().nullable(),
  idNumber: z.string().nullable(),
  signatory: z.string().nullable(),
  paypalAccount: z.string().nullable(),
  files: z.array(PayeeFileSchema),
  /** The operator's reason for needs-supplement / rejected. */
  reviewNote: z.string().nullable(),
  canEdit: z.boolean(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  /** The expected review finish (submitted + about 3 days) while in review. */
  reviewDueAt: z.string().nullable(),
});
export type Payee = z.infer<typeof PayeeSchema>;

/** POST /api/funds/payees/:payeeId/revoke (withdraw; needs MFA). */
export const RevokePayeeRequestSchema = z.object({ mfaVerification: MfaVerificationSchema.optional() });

// ---- Settlements ----

/** POST /api/funds/settlements (API.md): `{ amountCents, target, note? }`. Needs MFA. */
export const SettlementRequestSchema = z.object({
  amountCents: z.number().int().min(FUNDS_LIMITS.settlementMinCents).max(1_000_000_000),
  target: z.enum(SETTLEMENT_TARGETS),
  note: z.string().trim().max(FUNDS_LIMITS.settlementNoteMax).optional(),
  mfaVerification: MfaVerificationSchema.optional(),
});
export type SettlementRequest = z.infer<typeof SettlementRequestSchema>;

export const SettlementSchema = z.object({
  settlementId: z.string(),
  amountCents: cents,
  feeCents: cents,
  /** What arrives: amount − fee. */
  netCents: cents,
  currency: z.literal('USD'),
  target: z.enum(SETTLEMENT_TARGETS),
  /** The payee (wire) as shown: name and masked account; null for the balance. */
  payee: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(SETTLEMENT_STATUSES),
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

export const SettlementsQuerySchema = PageQuerySchema.extend({ status: z.enum(SETTLEMENT_STATUSES).optional() });
