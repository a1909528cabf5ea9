import { z } from 'zod';
import {
  AdminPayeeSchema,
  AdminPayeesQuerySchema,
  AdminSettlementSchema,
  AdminSettlementsQuerySchema,
} from './admin.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';
import { SettlementSchema } from './funds.ts';
import { AdminListingReviewQuerySchema, AdminListingSchema } from './listings.ts';
import { rowIdText } from './row-id.ts';

/** The operator queues (listing review, payees, settlements), scheduled lot feeds and settlement payouts (issue 18). */

// ---- The review queues: one layout, assignment to a reviewer, SLA ages ----

export const REVIEW_QUEUES = ['listings', 'payees', 'settlements'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

/**
 * How long an item may wait before it is late (spec §9: payee review about 3 days, settlement 3–5
 * working days; a listing within a day). `hours` counts every hour; `workingHours` only Monday–Friday
 * (UTC+8, the support hours' zone), so a weekend does not make a settlement late.
 */
export const QUEUE_SLA: Record<ReviewQueue, { clock: 'hours' | 'workingHours'; targetHours: number }> = {
  listings: { clock: 'hours', targetHours: 24 },
  payees: { clock: 'hours', targetHours: 72 },
  settlements: { clock: 'workingHours', targetHours: 5 * 24 },
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The working week's zone: UTC+8. */
const ZONE_OFFSET_MS = 8 * HOUR_MS;

/** Milliseconds from `from` to `to` that fall on Monday–Friday in UTC+8. */
export function workingMsBetween(from: Date, to: Date): number {
  let start = from.getTime() + ZONE_OFFSET_MS;
  const end = to.getTime() + ZONE_OFFSET_MS;
  let total = 0;
  while (start < end) {
    const dayEnd = Math.min(end, Math.floor(start / DAY_MS) * DAY_MS + DAY_MS);
    const weekday = new Date(start).getUTCDay();
    if (weekday !== 0 && weekday !== 6) total += dayEnd - start;
    start = dayEnd;
  }
  return total;
}

/** An item's age against its queue's target: whole minutes waited (on the queue's clock), and whether it is late. */
export function queueAgeOf(queue: ReviewQueue, submittedAt: Date, now: Date): { ageMinutes: number; overdue: boolean } {
  const sla = QUEUE_SLA[queue];
  const waited = sla.clock === 'hours' ? now.getTime() - submittedAt.getTime() : workingMsBetween(submittedAt, now);
  const ms = Math.max(0, waited);
  return { ageMinutes: Math.floor(ms / 60_000), overdue: ms > sla.targetHours * HOUR_MS };
}

/** Who has taken an item. */
export const QueueAssignmentSchema = z.object({
  operatorAccountNo: z.string(),
  operatorName: z.string(),
  assignedAt: z.string(),
  /** Taken by the operator asking. */
  isMine: z.boolean(),
});
export type QueueAssignment = z.infer<typeof QueueAssignmentSchema>;

/** The queue state of one item: its reviewer and how long it has waited. */
export const QueueStateSchema = z.object({
  assignment: QueueAssignmentSchema.nullable(),
  /** When it entered the queue (submitted, resubmitted, applied). */
  submittedAt: z.string(),
  /** Minutes waited, on the queue's clock (QUEUE_SLA). */
  ageMinutes: z.number().int().nonnegative(),
  /** Waited longer than the queue's target. */
  overdue: z.boolean(),
});
export type QueueState = z.infer<typeof QueueStateSchema>;

/** The filters every queue takes besides its status: whose items. */
export const QUEUE_ASSIGNED_FILTERS = ['me', 'unassigned'] as const;
export type QueueAssignedFilter = (typeof QUEUE_ASSIGNED_FILTERS)[number];
const assigned = z.enum(QUEUE_ASSIGNED_FILTERS, { message: 'choice' }).optional();
const search = z.string().trim().max(253, 'tooLong').optional();

/** GET /api/admin/listings/review (the listing queue): status, q (part of the domain), assigned. */
export const ListingQueueQuerySchema = AdminListingReviewQuerySchema.extend({ assigned });
export type ListingQueueQuery = z.infer<typeof ListingQueueQuerySchema>;
/** GET /api/admin/payees: status/queue, q (name, account no, e-mail), assigned. */
export const PayeeQueueQuerySchema = AdminPayeesQuerySchema.extend({ q: search, assigned });
export type PayeeQueueQuery = z.infer<typeof PayeeQueueQuerySchema>;
/** GET /api/admin/settlements: status/queue, q (settlement id, account no, e-mail), assigned. */
export const SettlementQueueQuerySchema = AdminSettlementsQuerySchema.extend({ q: search, assigned });
export type SettlementQueueQuery = z.infer<typeof SettlementQueueQuerySchema>;

export const QueuedListingSchema = AdminListingSchema.extend({ queue: QueueStateSchema });
export type QueuedListing = z.infer<typeof QueuedListingSchema>;
export const QueuedListingsPageSchema = pageSchema(QueuedListingSchema);

export const QueuedPayeeSchema = AdminPayeeSchema.extend({ queue: QueueStateSchema });
export type QueuedPayee = z.infer<typeof QueuedPayeeSchema>;
export const QueuedPayeesPageSchema = pageSchema(QueuedPayeeSchema);

// ---- Settlement payouts ----

/** A settlement as its owner sees it in the records, with the bank's reference of a paid wire. */
export const SettlementRecordSchema = SettlementSchema.extend({ bankReference: z.string().nullable() });
export type SettlementRecord = z.infer<typeof SettlementRecordSchema>;

/** A settlement in the review console: the bank reference and its queue state. */
export const QueuedSettlementSchema = AdminSettlementSchema.extend({
  bankReference: z.string().nullable(),
  queue: QueueStateSchema,
});
export type QueuedSettlement = z.infer<typeof QueuedSettlementSchema>;
export const QueuedSettlementsPageSchema = pageSchema(QueuedSettlementSchema);

/** The bank's reference of a wire: letters, digits and - / . (the transfer's id on the bank statement). */
export const BankReferenceSchema = z
  .string()
  .trim()
  .min(4, 'tooShort')
  .max(64, 'tooLong')
  .regex(/^[A-Za-z0-9][A-Za-z0-9./-]*$/, { message: 'invalid' });

/**
 * POST /api/admin/settlements/:settlementId/review. approve: a settlement to the balance completes at
 * once (credited to available); a wire goes to processing. paid (wire, processing): the bank reference is
 * required. fail: a reason is required; the amount returns to earnings.
 */
export const SettlementDecisionSchema = z
  .object({
    action: z.enum(['approve', 'paid', 'fail'], { message: 'choice' }),
    reason: z.string().trim().max(500, 'tooLong').optional(),
    bankReference: BankReferenceSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'fail' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type SettlementDecision = z.infer<typeof SettlementDecisionSchema>;

// ---- Scheduled lot feeds ----

export const FEED_IMPORT_STATUSES = ['scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
export type FeedImportStatus = (typeof FEED_IMPORT_STATUSES)[number];
export const FEED_IMPORT_TRANSITIONS: Record<FeedImportStatus, readonly FeedImportStatus[]> = {
  scheduled: ['running', 'cancelled'],
  running: ['done', 'failed'],
  done: [],
  /** Uploading the same file again after a failure schedules it again. */
  failed: ['scheduled'],
  /** Uploading the same file again schedules it again. */
  cancelled: ['scheduled'],
};
/** The largest partner file taken (bytes). */
export const FEED_FILE_MAX_BYTES = 2_000_000;

export const FeedReportSchema = z.object({
  /** Lots created, with the file's line. */
  created: z.array(z.object({ line: z.number().int(), domain: z.string(), auctionId: z.string() })),
  /** Domains already in an open lot, or twice in the file: not created. */
  duplicates: z.array(
    z.object({ line: z.number().int(), domain: z.string(), reason: z.enum(['open_lot', 'in_file']) }),
  ),
  /** Rows refused: the line, the domain when readable, an error code and its message (in the reader's language). */
  refused: z.array(
    z.object({
      line: z.number().int(),
      domain: z.string().nullable(),
      /** The column to blame, when one is. */
      field: z.string().nullable(),
      code: z.string(),
      message: z.string(),
    }),
  ),
});
export type FeedReport = z.infer<typeof FeedReportSchema>;

export const FeedImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  source: z.enum(['upload', 'folder']),
  sha256: z.string(),
  status: z.enum(FEED_IMPORT_STATUSES),
  scheduledAt: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The operator who uploaded it; null for a folder drop. */
  createdBy: z.string().nullable(),
  report: FeedReportSchema.nullable(),
});
export type FeedImport = z.infer<typeof FeedImportSchema>;
export const FeedImportsPageSchema = pageSchema(FeedImportSchema);

export const FeedsQuerySchema = PageQuerySchema.extend({
  status: z.enum(FEED_IMPORT_STATUSES, { message: 'choice' }).optional(),
});
export type FeedsQuery = z.infer<typeof FeedsQuerySchema>;

/** The multipart fields of POST /api/admin/feeds besides the file: when to import it (default now). */
export const FeedUploadFieldsSchema = z.object({
  scheduledAt: z.iso.datetime({ offset: true, message: 'dateInvalid' }).optional(),
});
export type FeedUploadFields = z.infer<typeof FeedUploadFieldsSchema>;

export const FeedParamsSchema = z.object({ id: rowIdText('invalid') });
