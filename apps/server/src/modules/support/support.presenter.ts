import type { FeedbackResponse } from '@namebourse/contract';
import type { FeedbackRow } from './support.repository.ts';

/** Feedback row → the contract's FeedbackResponse. */
export function presentFeedback(row: FeedbackRow): FeedbackResponse {
  return {
    feedbackId: row.feedbackNo,
    createdAt: row.createdAt.toISOString(),
  };
}
