/** Help-centre announcements written by operators and the contact-us triage (issue 18). */
import { z } from 'zod';
import { PageQuerySchema } from './envelope.ts';
import { rowIdText } from './row-id.ts';
import { FEEDBACK_CATEGORIES } from './support.values.ts';

const isoTime = z.string();

// ---- Announcements ----

/**
 * draft → (scheduled →) published → withdrawn. A scheduled one is published by the sweeper at `publishAt`, at
 * once by an operator, moved to another time, or withdrawn before it appears; a withdrawn one may be published
 * (or scheduled) again.
 */
export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** The announcement's transition table (the server checks every status change against it). */
export const ANNOUNCEMENT_TRANSITIONS: Readonly<Record<AnnouncementStatus, readonly AnnouncementStatus[]>> = {
  draft: ['scheduled', 'published'],
  scheduled: ['scheduled', 'published', 'withdrawn'],
  published: ['withdrawn'],
  withdrawn: ['scheduled', 'published'],
};

export const ANNOUNCEMENT_LIMITS = { slugMax: 80, titleMax: 120, summaryMax: 300, bodyMax: 20_000 } as const;
/** Lowercase letters and digits in groups joined by single hyphens: `new-fee-rates-2026`. */
export const ANNOUNCEMENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The address part made from an English title: lowercase ASCII letters and digits joined by hyphens, accents
 * dropped, at most ANNOUNCEMENT_LIMITS.slugMax characters; 'announcement' when nothing is left.
 */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ANNOUNCEMENT_LIMITS.slugMax)
    .replace(/-+$/, '');
  return slug || 'announcement';
}

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, 'required').max(max);

/** POST /api/admin/announcements (create a draft) and POST /api/admin/announcements/:id (edit). */
export const AnnouncementInputSchema = z.object({
  /** Made from the English title when absent or empty; must be unused (Announcement.SlugTaken). */
  slug: z
    .string()
    .trim()
    .max(ANNOUNCEMENT_LIMITS.slugMax)
    .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'invalid')
    .optional(),
  titleZh: required(ANNOUNCEMENT_LIMITS.titleMax),
  titleEn: required(ANNOUNCEMENT_LIMITS.titleMax),
  summaryZh: text(ANNOUNCEMENT_LIMITS.summaryMax).default(''),
  summaryEn: text(ANNOUNCEMENT_LIMITS.summaryMax).default(''),
  /** Markdown, stored as written (the web renders it without raw HTML). */
  bodyZh: required(ANNOUNCEMENT_LIMITS.bodyMax),
  bodyEn: required(ANNOUNCEMENT_LIMITS.bodyMax),
});
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;
export type AnnouncementInputParsed = z.output<typeof AnnouncementInputSchema>;

/** POST /api/admin/announcements/:id/publish: now (no `publishAt`, or one not in the future) or at `publishAt`. */
export const AnnouncementPublishSchema = z.object({
  publishAt: z.iso.datetime({ offset: true, message: 'dateInvalid' }).optional(),
});
export type AnnouncementPublish = z.infer<typeof AnnouncementPublishSchema>;

export const AnnouncementIdParamsSchema = z.object({ id: rowIdText('invalid') });
export const AnnouncementSlugParamsSchema = z.object({
  slug: z.string().max(ANNOUNCEMENT_LIMITS.slugMax).regex(ANNOUNCEMENT_SLUG_PATTERN, 'invalid'),
});

/** GET /api/admin/announcements: every status (or one), newest change first; `q` matches a title or the slug. */
export const AdminAnnouncementsQuerySchema = PageQuerySchema.extend({
  status: z.enum(ANNOUNCEMENT_STATUSES, { message: 'choice' }).optional(),
  q: z.string().trim().max(120, 'tooLong').optional(),
});
export type AdminAnnouncementsQuery = z.infer<typeof AdminAnnouncementsQuerySchema>;

/** An announcement as operators see it: both languages, status and its time. */
export const AdminAnnouncementSchema = z.object({
  id: z.string(),
  slug: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** When it appears (scheduled) or appeared (published, withdrawn); null for a draft never published. */
  publishAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** The account number of the operator who changed it last (null when the sweeper did, or the account is gone). */
  updatedBy: z.string().nullable(),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncementSchema>;

/** GET /api/announcements: a published announcement in a list (both languages; the page picks one). */
export const AnnouncementSummarySchema = z.object({
  slug: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  publishedAt: isoTime,
  updatedAt: isoTime,
});
export type AnnouncementSummary = z.infer<typeof AnnouncementSummarySchema>;

/** GET /api/announcements/:slug: one published announcement with its Markdown in both languages. */
export const AnnouncementSchema = AnnouncementSummarySchema.extend({ bodyZh: z.string(), bodyEn: z.string() });
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const AnnouncementsQuerySchema = PageQuerySchema;

// ---- Contact-us triage ----

/** open (nobody answered) → replied (an operator's reply was e-mailed) → closed. */
export const FEEDBACK_STATUSES = ['open', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** A submission may get several replies until it is closed; a closed one takes no more. */
export const FEEDBACK_TRANSITIONS: Readonly<Record<FeedbackStatus, readonly FeedbackStatus[]>> = {
  open: ['replied', 'closed'],
  replied: ['replied', 'closed'],
  closed: [],
};

/** Hours within which a submission should have an answer; older open ones are flagged in the queue. */
export const FEEDBACK_SLA_HOURS = 24;
export const FEEDBACK_REPLY_MAX = 5000;

/** GET /api/admin/feedback: the queue (open ones by default, oldest first). */
export const AdminFeedbackQuerySchema = PageQuerySchema.extend({
  /** One status; `all` for every one (newest first). Default: open. */
  status: z.enum([...FEEDBACK_STATUSES, 'all'], { message: 'choice' }).default('open'),
  category: z.enum(FEEDBACK_CATEGORIES, { message: 'choice' }).optional(),
  /** Part of the name, e-mail, number or message. */
  q: z.string().trim().max(100, 'tooLong').optional(),
});
export type AdminFeedbackQuery = z.input<typeof AdminFeedbackQuerySchema>;

export const FeedbackIdParamsSchema = z.object({ id: z.string().regex(/^FB\d{14}$/, 'invalid') });

export const FeedbackReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  /** The operator's account number (null once the account is gone). */
  operator: z.string().nullable(),
  createdAt: isoTime,
});
export type FeedbackReply = z.infer<typeof FeedbackReplySchema>;

export const AdminFeedbackSchema = z.object({
  /** The submission's number (FB + date + 6 digits). */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string(),
  /** The sender's language: the reply's e-mail is written in it. */
  locale: z.enum(['zh-CN', 'en-US']),
  status: z.enum(FEEDBACK_STATUSES),
  /** The sender's account when they were signed in. */
  userAccountNo: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime.nullable(),
  /** Seconds since it was sent (by the server's clock): its age in the queue. */
  ageSeconds: z.number().int().nonnegative(),
  /** Open for longer than FEEDBACK_SLA_HOURS. */
  overdue: z.boolean(),
  replyCount: z.number().int().nonnegative(),
});
export type AdminFeedback = z.infer<typeof AdminFeedbackSchema>;

export const AdminFeedbackDetailSchema = AdminFeedbackSchema.extend({ replies: z.array(FeedbackReplySchema) });
export type AdminFeedbackDetail = z.infer<typeof AdminFeedbackDetailSchema>;

/** POST /api/admin/feedback/:id/reply: e-mailed to the sender in their language and kept with the submission. */
export const FeedbackReplyRequestSchema = z.object({
  body: z.string().trim().min(1, 'required').max(FEEDBACK_REPLY_MAX),
});
export type FeedbackReplyRequest = z.infer<typeof FeedbackReplyRequestSchema>;
