import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS } from './support.values.ts';

export * from './support.values.ts';

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
