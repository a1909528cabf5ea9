import { z } from 'zod';
import { IsoDateOrTimeSchema, IsoDateTimeSchema } from './dates.ts';
import { PageQuerySchema } from './envelope.ts';
import { RESTRICTION_LIMITS, RESTRICTION_SCOPES, RESTRICTION_STATUSES } from './restrictions.values.ts';

export * from './restrictions.values.ts';

// ---- Account restrictions (issue 18): operators restrict and lift; users see their own ----

const reason = z.string().trim().min(RESTRICTION_LIMITS.reasonMinLength).max(RESTRICTION_LIMITS.reasonMaxLength);

/**
 * POST /api/admin/users/:accountNo/restrictions (roles support, admin): the scopes refused, why, and an
 * optional end (`until`, in the future; absent: until lifted). One restriction per account applies at
 * a time: a new one replaces the current one (which is recorded as lifted by it).
 */
export const RestrictRequestSchema = z.object({
  scopes: z
    .array(z.enum(RESTRICTION_SCOPES))
    .min(1)
    .max(RESTRICTION_SCOPES.length)
    .refine((list) => new Set(list).size === list.length, { message: 'invalid' }),
  reason,
  until: IsoDateTimeSchema.optional(),
});
export type RestrictRequest = z.infer<typeof RestrictRequestSchema>;

/** DELETE /api/admin/users/:accountNo/restrictions: lifts the current restriction, with an optional note for the user. */
export const LiftRestrictionRequestSchema = z
  .object({ reason: z.string().trim().max(RESTRICTION_LIMITS.reasonMaxLength).optional() })
  .nullish();
export type LiftRestrictionRequest = z.infer<typeof LiftRestrictionRequestSchema>;

/** One restriction as the operator console shows it. Operators are named by account number. */
export const RestrictionSchema = z.object({
  restrictionId: z.string(),
  scopes: z.array(z.enum(RESTRICTION_SCOPES)),
  reason: z.string(),
  /** ISO time; null: until lifted. */
  until: z.string().nullable(),
  status: z.enum(RESTRICTION_STATUSES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  liftedAt: z.string().nullable(),
  liftedBy: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type Restriction = z.infer<typeof RestrictionSchema>;

/** GET/POST/DELETE /api/admin/users/:accountNo/restrictions: the current restriction and every one before it, newest first. */
export const AdminRestrictionsSchema = z.object({
  accountNo: z.string(),
  current: RestrictionSchema.nullable(),
  history: z.array(RestrictionSchema),
});
export type AdminRestrictions = z.infer<typeof AdminRestrictionsSchema>;

/** What a restricted user is told (the console banner; the data of Account.Restricted). */
export const RestrictionNoticeSchema = z.object({
  scopes: z.array(z.enum(RESTRICTION_SCOPES)),
  reason: z.string(),
  /** ISO time; null: until lifted. */
  until: z.string().nullable(),
});
export type RestrictionNotice = z.infer<typeof RestrictionNoticeSchema>;

/** GET /api/account-manage/get-restrictions: the signed-in user's restriction in force, if any. */
export const MyRestrictionSchema = z.object({ restriction: RestrictionNoticeSchema.nullable() });
export type MyRestriction = z.infer<typeof MyRestrictionSchema>;

// ---- The audit log viewer (GET /api/admin/audit, role admin) ----

/**
 * Filters of the audit log, newest first: `actor` an account number (or `system`), `entity` an entity
 * type (`user`, `payee`, `settlement`, `parameter` …) with an optional `entityId`, `action`, and `from` /
 * `to` (a day `YYYY-MM-DD` — UTC, `to` inclusive — or a time with its offset).
 */
export const AuditQuerySchema = PageQuerySchema.extend({
  actor: z.string().trim().min(1).max(40).optional(),
  entity: z.string().trim().min(1).max(40).optional(),
  entityId: z.string().trim().min(1).max(200).optional(),
  action: z.string().trim().min(1).max(60).optional(),
  from: IsoDateOrTimeSchema.optional(),
  to: IsoDateOrTimeSchema.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
