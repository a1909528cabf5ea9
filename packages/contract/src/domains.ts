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
