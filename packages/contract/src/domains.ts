import { z } from 'zod';
import { PageQuerySchema } from './envelope.ts';

// ---- My domains (spec §2 /console/domain/list, §3 Domain, §4 domain lifecycle and transfer lock) ----

/** Domain lifecycle (spec §4). */
export const DOMAIN_STATUSES = [
  'normal',
  'renewable',
  'renewing',
  'in_redemption',
  'pending_activation',
  'transferring_out',
  'non_renewable',
  'delivery_failed',
] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** Transfer lock (spec §4): the change is asynchronous. */
export const LOCK_STATUSES = ['opening', 'open', 'closing', 'closed'] as const;
export type LockStatus = (typeof LOCK_STATUSES)[number];

/** GET /api/domains: one of my domains. */
export const MyDomainSchema = z.object({
  domainId: z.string(),
  name: z.string(),
  tld: z.string(),
  registrar: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  lockStatus: z.enum(LOCK_STATUSES),
  registeredAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** When it reached me, and from which order. */
  acquiredAt: z.string(),
  orderId: z.string().nullable(),
  group: z.string().nullable(),
  notes: z.string().nullable(),
});
export type MyDomain = z.infer<typeof MyDomainSchema>;

export const MyDomainsQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100, 'tooLong').optional(),
  status: z.enum(DOMAIN_STATUSES, { message: 'choice' }).optional(),
});
export type MyDomainsQuery = z.infer<typeof MyDomainsQuerySchema>;

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
});
export const DevRegistrarStateSchema = z.object({
  domain: z.string(),
  redeemed: z.boolean(),
  fail: z.boolean(),
  source: z.enum(['instruction', 'default']),
});
