import { z } from 'zod';
import { OPERATOR_ROLES, USER_ROLES } from './admin.values.ts';
import { PageQuerySchema } from './envelope.ts';
import { PAYEE_STATUSES, PayeeSchema, SETTLEMENT_STATUSES, SettlementSchema, TransactionLineSchema } from './funds.ts';

export * from './admin.values.ts';

// ---- Operator console (admin area): roles, review queues, user lookup, ledger check ----

/** GET /api/admin/me: the signed-in operator and what the console shows them. */
export const OperatorSchema = z.object({
  accountNo: z.string(),
  nickname: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const AdminPayeesQuerySchema = PageQuerySchema.extend({
  status: z.enum(PAYEE_STATUSES).optional(),
  /** Shortcut for the queue: pending_review + supplement_submitted. */
  queue: z.enum(['review', 'all']).default('review'),
});

/** POST /api/admin/payees/:payeeId/review: approve, reject or ask for a supplement (reason required but for approve). */
export const PayeeReviewRequestSchema = z
  .object({
    action: z.enum(['approve', 'reject', 'supplement']),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.action === 'approve' || (b.reason !== undefined && b.reason.length > 0), {
    message: 'required',
    path: ['reason'],
  });
export type PayeeReviewRequest = z.infer<typeof PayeeReviewRequestSchema>;

export const AdminSettlementsQuerySchema = PageQuerySchema.extend({
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  queue: z.enum(['open', 'all']).default('open'),
});

/** POST /api/admin/settlements/:settlementId/review: approve (→ processing), mark paid (→ success), fail (→ failure, money back to earnings). */
export const SettlementReviewRequestSchema = z
  .object({
    action: z.enum(['approve', 'paid', 'fail']),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.action !== 'fail' || (b.reason !== undefined && b.reason.length > 0), {
    message: 'required',
    path: ['reason'],
  });
export type SettlementReviewRequest = z.infer<typeof SettlementReviewRequestSchema>;

/** One recorded change: who did what and when (payees, settlements, adjustments). */
export const AuditEntrySchema = z.object({
  id: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  reason: z.string().nullable(),
  actor: z.string(),
  actorRole: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/users?q=: by account no, e-mail or nickname. */
export const AdminUsersQuerySchema = PageQuerySchema.extend({ q: z.string().trim().max(120).optional() });
export const AdminUserSchema = z.object({
  accountNo: z.string(),
  email: z.string(),
  nickname: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
  availableCents: z.number().int(),
  frozenCents: z.number().int(),
  earningsCents: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** POST /api/admin/users/:accountNo/adjustments: a manual correction of a user's bucket, with a reason (role admin or finance). */
export const AdjustmentRequestSchema = z.object({
  bucket: z.enum(['available', 'earnings']),
  /** Signed cents: positive credits the user, negative debits (never below zero). */
  amountCents: z
    .number()
    .int()
    .min(-100_000_000)
    .max(100_000_000)
    .refine((v) => v !== 0, { message: 'invalid' }),
  reason: z.string().trim().min(4).max(200),
});
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;

/** A payee as the review queue shows it: the owner, the unmasked account number and the history. */
export const AdminPayeeSchema = PayeeSchema.extend({
  accountNo: z.string(),
  email: z.string(),
  accountNumberFull: z.string().nullable(),
  history: z.array(AuditEntrySchema),
});
export type AdminPayee = z.infer<typeof AdminPayeeSchema>;

/** A settlement as the review queue shows it: the owner, the payee's bank details (wire) and the history. */
export const AdminSettlementSchema = SettlementSchema.extend({
  accountNo: z.string(),
  email: z.string(),
  payeeDetails: z
    .object({
      name: z.string(),
      bankName: z.string().nullable(),
      accountNumber: z.string().nullable(),
      swiftCode: z.string().nullable(),
      address: z.string().nullable(),
    })
    .nullable(),
  history: z.array(AuditEntrySchema),
});
export type AdminSettlement = z.infer<typeof AdminSettlementSchema>;

/** GET /api/admin/users/:accountNo: balances, what holds the frozen money, recent ledger lines, recorded changes. */
export const AdminUserDetailSchema = AdminUserSchema.extend({
  holds: z.array(
    z.object({ refType: z.string(), refId: z.string(), label: z.string(), amountCents: z.number().int() }),
  ),
  recentLines: z.array(TransactionLineSchema),
  history: z.array(AuditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
