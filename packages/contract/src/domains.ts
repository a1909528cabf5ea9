import { z } from 'zod';
import {
  DOMAIN_BATCH_ACTIONS,
  DOMAIN_OPERATION_KINDS,
  DOMAIN_RULES,
  DOMAIN_SORTS,
  DOMAIN_STATUSES,
  FAST_TRANSFER_REGISTRARS,
  LOCK_STATUSES,
  TRANSFER_DIRECTIONS,
  TRANSFER_KINDS,
  TRANSFER_STATUSES,
} from './domains.values.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';
import { isRowIdText, rowIdText } from './row-id.ts';
import { MfaOnlyBodySchema } from './security.ts';

// ---- My domains (spec §2 /console/domain/list, §3 Domain and Group, §4 lifecycle and transfer lock) ----

export * from './domains.values.ts';

const isoDate = z.string();
const domainNameParam = z.string().trim().toLowerCase().min(3, 'required').max(253, 'tooLong');

/** GET /api/domains: one of my domains (API.md Domains). */
export const MyDomainSchema = z.object({
  domainId: z.string(),
  name: z.string(),
  tld: z.string(),
  registrar: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  lockStatus: z.enum(LOCK_STATUSES),
  registeredAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  /** When it reached me, and from which order (null for a transfer-in). */
  acquiredAt: isoDate,
  orderId: z.string().nullable(),
  groupId: z.string().nullable(),
  /** The group's name (null when ungrouped). */
  group: z.string().nullable(),
  notes: z.string().nullable(),
  /** No transfer out before this time (delivery or transfer-in + the transfer-out wait). */
  transferOutAllowedFrom: isoDate,
  /** While the previous holder can still reclaim it (registry state); null when no longer. */
  reclaimableUntil: isoDate.nullable(),
  /** Renewal price per year and the restore fee at the registrar's prices for its TLD. */
  renewalPriceCents: z.number().int(),
  redemptionPriceCents: z.number().int(),
  /** Whether it can be restored now (in its redemption period). */
  redeemable: z.boolean(),
  /** Whether it is listed for sale (listings area). */
  listed: z.boolean(),
  /** The registrar operation in flight, if any. */
  pendingOperation: z.enum(DOMAIN_OPERATION_KINDS).nullable(),
  /** The current transfer code's expiry while transferring out. */
  authCodeExpiresAt: isoDate.nullable(),
});
export type MyDomain = z.infer<typeof MyDomainSchema>;

/** GET /api/domains: a page of my domains and the server's time (dates are shown relative to it). */
export const MyDomainsPageSchema = pageSchema(MyDomainSchema).extend({ serverTime: isoDate });
export type MyDomainsPage = z.infer<typeof MyDomainsPageSchema>;

export const MyDomainsQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100, 'tooLong').optional(),
  status: z.enum(DOMAIN_STATUSES, { message: 'choice' }).optional(),
  tld: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})?$/, 'choice')
    .optional(),
  /** A group id, or `none` for ungrouped domains. */
  groupId: z
    .string()
    .refine((text) => text === 'none' || isRowIdText(text), 'choice')
    .optional(),
  expiringWithinDays: z.coerce.number().int().min(0, 'choice').max(3650, 'choice').optional(),
  lock: z.enum(LOCK_STATUSES, { message: 'choice' }).optional(),
  sort: z.enum(DOMAIN_SORTS, { message: 'choice' }).default('acquired_desc'),
});
export type MyDomainsQuery = z.infer<typeof MyDomainsQuerySchema>;

/** A registrar operation on one domain (detail view). */
export const DomainOperationSchema = z.object({
  operationId: z.string(),
  kind: z.enum(DOMAIN_OPERATION_KINDS),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string().nullable(),
  requestedAt: isoDate,
  finishedAt: isoDate.nullable(),
});
export type DomainOperation = z.infer<typeof DomainOperationSchema>;

/** The registry's view of a domain (RDAP, RFC 9083): statuses and events. */
export const RegistryStatusSchema = z.object({
  /** RDAP status values as the registry gives them (`active`, `redemption period`, `client transfer prohibited`, …). */
  statuses: z.array(z.string()),
  expiresAt: isoDate.nullable(),
  lastChangedAt: isoDate.nullable(),
  /** Null when the registry could not be asked (the reason in `error`). */
  checkedAt: isoDate.nullable(),
  error: z.string().nullable(),
});
export type RegistryStatus = z.infer<typeof RegistryStatusSchema>;

/** GET /api/domains/:name */
export const DomainDetailSchema = MyDomainSchema.extend({
  /** The server's time of this answer. */
  serverTime: isoDate,
  registry: RegistryStatusSchema,
  operations: z.array(DomainOperationSchema),
});
export type DomainDetail = z.infer<typeof DomainDetailSchema>;

export const DomainNameParamsSchema = z.object({ name: domainNameParam });

/** POST /api/domains/:name/settings */
export const DomainSettingsBodySchema = z.object({
  groupId: rowIdText().nullable().optional(),
  notes: z.string().trim().max(DOMAIN_RULES.notesMax, 'tooLong').optional(),
});
export type DomainSettingsBody = z.infer<typeof DomainSettingsBodySchema>;

// ---- Groups ----

export const DomainGroupSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  description: z.string(),
  /** Domains in the group. */
  domainCount: z.number().int().nonnegative(),
});
export type DomainGroup = z.infer<typeof DomainGroupSchema>;
export const DomainGroupsSchema = z.object({ items: z.array(DomainGroupSchema) });

export const DomainGroupCreateSchema = z.object({
  name: z.string().trim().min(1, 'required').max(DOMAIN_RULES.groupNameMax, 'tooLong'),
  description: z.string().trim().max(DOMAIN_RULES.groupDescriptionMax, 'tooLong').optional(),
});
export type DomainGroupCreate = z.infer<typeof DomainGroupCreateSchema>;
export const DomainGroupUpdateSchema = z.object({
  name: z.string().trim().min(1, 'required').max(DOMAIN_RULES.groupNameMax, 'tooLong').optional(),
  description: z.string().trim().max(DOMAIN_RULES.groupDescriptionMax, 'tooLong').optional(),
});
export type DomainGroupUpdate = z.infer<typeof DomainGroupUpdateSchema>;
export const DomainGroupParamsSchema = z.object({ groupId: rowIdText() });

// ---- Lock, transfer code, fast transfer, cancel, renew, redeem, transfer in ----

/** POST /api/domains/:name/transfer-lock */
export const TransferLockBodySchema = z.object({ locked: z.boolean() });
export const TransferLockResultSchema = z.object({ lockStatus: z.enum(LOCK_STATUSES) });

/** POST /api/domains/:name/transfer-code (MFA-guarded): the code is shown once and emailed. */
export const TransferCodeBodySchema = MfaOnlyBodySchema;
export const TransferCodeResultSchema = z.object({ authCode: z.string(), expiresAt: isoDate, transferId: z.string() });
export type TransferCodeResult = z.infer<typeof TransferCodeResultSchema>;

/** POST /api/domains/:name/fast-transfer */
export const FastTransferBodySchema = z.object({ registrar: z.enum(FAST_TRANSFER_REGISTRARS, { message: 'choice' }) });

/** POST /api/domains/:name/renew */
export const RenewBodySchema = z.object({
  years: z
    .number({ message: 'required' })
    .int('choice')
    .min(DOMAIN_RULES.renewYearsMin, 'choice')
    .max(DOMAIN_RULES.renewYearsMax, 'choice'),
});
/** POST /api/domains/:name/renew and /redeem: the order paid from the balance; the result comes later. */
export const DomainOrderResultSchema = z.object({
  orderId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(DOMAIN_STATUSES),
});
export type DomainOrderResult = z.infer<typeof DomainOrderResultSchema>;

/** An operation accepted by the registrar (fast transfer, cancel): the result comes later. */
export const DomainAcceptedSchema = z.object({
  status: z.enum(DOMAIN_STATUSES),
  transferId: z.string().nullable(),
});

/** Auth codes: 6–32 printable ASCII characters without spaces (registries' TAC rules). */
export const AuthCodeSchema = z
  .string()
  .trim()
  .min(6, 'authCode')
  .max(32, 'authCode')
  .regex(/^[\x21-\x7e]+$/, 'authCode');

/** POST /api/domains/transfer-in */
export const TransferInBodySchema = z.object({
  domain: z.string().trim().toLowerCase().min(3, 'required').max(253, 'tooLong'),
  authCode: AuthCodeSchema,
});
export type TransferInBody = z.infer<typeof TransferInBodySchema>;

// ---- Batch ----

/** POST /api/domains/batch */
export const DomainBatchBodySchema = z
  .object({
    action: z.enum(DOMAIN_BATCH_ACTIONS, { message: 'choice' }),
    names: z.array(domainNameParam).min(1, 'required').max(DOMAIN_RULES.batchMax, 'tooMany'),
    /** `group`: the target group (null: ungroup). */
    groupId: rowIdText().nullable().optional(),
    /** `renew`: years. */
    years: z
      .number()
      .int('choice')
      .min(DOMAIN_RULES.renewYearsMin, 'choice')
      .max(DOMAIN_RULES.renewYearsMax, 'choice')
      .optional(),
  })
  .refine((b) => b.action !== 'group' || b.groupId !== undefined, { message: 'required', path: ['groupId'] })
  .refine((b) => b.action !== 'renew' || b.years !== undefined, { message: 'required', path: ['years'] });
export type DomainBatchBody = z.infer<typeof DomainBatchBodySchema>;
export const DomainBatchResultSchema = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ name: z.string(), code: z.string(), message: z.string() })),
});
export type DomainBatchResult = z.infer<typeof DomainBatchResultSchema>;

// ---- Transfers (results) ----

export const DomainTransferSchema = z.object({
  transferId: z.string(),
  domain: z.string(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  kind: z.enum(TRANSFER_KINDS),
  status: z.enum(TRANSFER_STATUSES),
  /** Why it failed or was cancelled. */
  reason: z.string().nullable(),
  /** Losing registrar (in) or ours (out); the gaining registrar once known. */
  fromRegistrar: z.string().nullable(),
  toRegistrar: z.string().nullable(),
  requestedAt: isoDate,
  finishedAt: isoDate.nullable(),
  /** Transfer-out: the code's expiry; whether a cancellation is in flight. */
  authCodeExpiresAt: isoDate.nullable(),
  cancelRequested: z.boolean(),
});
export type DomainTransfer = z.infer<typeof DomainTransferSchema>;
export const DomainTransfersQuerySchema = PageQuerySchema.extend({
  direction: z.enum(TRANSFER_DIRECTIONS, { message: 'choice' }).optional(),
  status: z.enum(TRANSFER_STATUSES, { message: 'choice' }).optional(),
  keyword: z.string().trim().max(100, 'tooLong').optional(),
});
export type DomainTransfersQuery = z.infer<typeof DomainTransfersQuerySchema>;

// ---- Delivery of sold domains (operators) and the registrar simulator (dev tools) ----

/** GET /api/admin/deliveries: orders whose delivery is pending or failed (default: delivery_failed). */
export const ADMIN_DELIVERY_STATUSES = ['delivery_failed', 'paid_awaiting_delivery', 'transferring'] as const;
export const AdminDeliveriesQuerySchema = PageQuerySchema.extend({
  status: z.enum(ADMIN_DELIVERY_STATUSES, { message: 'choice' }).default('delivery_failed'),
});
export type AdminDeliveriesQuery = z.infer<typeof AdminDeliveriesQuerySchema>;
export const AdminDeliverySchema = z.object({
  orderId: z.string(),
  domain: z.string(),
  status: z.enum(ADMIN_DELIVERY_STATUSES),
  /** The buyer's account number. */
  buyerAccountNo: z.string(),
  amountCents: z.number().int(),
  /** The auction it came from. */
  auctionId: z.string().nullable(),
  /** Failed delivery attempts so far, and the last failure's reason and time. */
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** When the sweeper tries (again). */
  nextTryAt: z.string().nullable(),
});
export type AdminDelivery = z.infer<typeof AdminDeliverySchema>;

/** POST /api/dev/registrar (dev tools): steer the registrar simulator for one domain. */
export const DevRegistrarRequestSchema = z.object({
  domain: z.string().trim().toLowerCase().min(3, 'required').max(253, 'tooLong'),
  /** Force the redemption answer (absent: keep; the default is a deterministic ~10% per domain). */
  redeemed: z.boolean().optional(),
  /** Every registrar call about the domain fails until told false. */
  fail: z.boolean().optional(),
  /** Forget this domain's instructions first. */
  reset: z.boolean().optional(),
  /** Operations (lock, renew, transfers …) are accepted but their result is a failure with this reason; null: succeed again. */
  failOperations: z.string().trim().min(1).max(200).nullable().optional(),
  /** Seconds of (clock) time before an operation's result is ready; null: the seeded default. */
  latencySeconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .nullable()
    .optional(),
});
export const DevRegistrarStateSchema = z.object({
  domain: z.string(),
  redeemed: z.boolean(),
  fail: z.boolean(),
  source: z.enum(['instruction', 'default']),
  failOperations: z.string().nullable(),
  latencySeconds: z.number().int().nullable(),
});
