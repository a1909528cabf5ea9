import type { AdminFeedback, FeedbackReply, FeedbackResponse } from '@namebourse/contract';
import type { FeedbackReplyRow, FeedbackRow } from './support.repository.ts';

/** Feedback row → the contract's FeedbackResponse. */
export function presentFeedback(row: FeedbackRow): FeedbackResponse {
  return {
    feedbackId: row.feedbackNo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Feedback row → what the triage queue shows; its age is measured by the caller's clock. */
export function presentAdminFeedback(
  row: FeedbackRow,
  replyCount: number,
  age: { ageSeconds: number; overdue: boolean },
): AdminFeedback {
  return {
    id: row.feedbackNo,
    name: row.name,
    email: row.email,
    category: row.category as AdminFeedback['category'],
    content: row.content,
    locale: row.locale === 'zh-CN' ? 'zh-CN' : 'en-US',
    status: row.status,
    userAccountNo: row.userAccountNo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    ageSeconds: age.ageSeconds,
    overdue: age.overdue,
    replyCount,
  };
}

/** An operator's reply; `operator` is their account number (null once the account is gone). */
export function presentFeedbackReply(row: FeedbackReplyRow, operator: string | null): FeedbackReply {
  return {
    id: row.id.toString(),
    body: row.body,
    operator,
    createdAt: row.createdAt.toISOString(),
  };
}
