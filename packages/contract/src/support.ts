import { z } from 'zod';

/** Support contacts and hours (spec §1, §2 footer). */
export const SUPPORT = {
  serviceEmail: 'service@namebourse.com',
  businessEmail: 'business@namebourse.com',
  hours: { days: 'Mon-Fri', open: '9:30', close: '18:30', utcOffset: '+08:00' },
} as const;

export const FEEDBACK_CATEGORIES = [
  'account',
  'auction',
  'payment',
  'domain',
  'listing',
  'suggestion',
  'other',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_LIMITS = { nameMax: 50, contentMin: 10, contentMax: 2000, emailMax: 254 } as const;

/** POST /api/general/service/feedback */
export const FeedbackRequestSchema = z.object({
  name: z.string().trim().min(1).max(FEEDBACK_LIMITS.nameMax),
  email: z.email().max(FEEDBACK_LIMITS.emailMax),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string().trim().min(FEEDBACK_LIMITS.contentMin).max(FEEDBACK_LIMITS.contentMax),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

export const FeedbackResponseSchema = z.object({ feedbackId: z.string(), createdAt: z.string() });
export type FeedbackResponse = z.infer<typeof FeedbackResponseSchema>;
