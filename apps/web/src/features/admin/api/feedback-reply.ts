import { type AdminFeedbackDetail, AdminFeedbackDetailSchema, type FeedbackReplyRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { feedbackPath } from './feedback-detail.ts';
import { feedbackKeys } from './feedback-keys.ts';

export interface ReplyToFeedbackInput {
  id: string;
  body: FeedbackReplyRequest;
  /** The same key when the same reply is sent again after a failure, so it is e-mailed once. */
  idempotencyKey: string;
}

/** POST /api/admin/feedback/:id/reply: e-mailed to the sender and kept with the message (support/admin). */
export async function replyToFeedback({
  id,
  body,
  idempotencyKey,
}: ReplyToFeedbackInput): Promise<AdminFeedbackDetail> {
  return AdminFeedbackDetailSchema.parse(
    await api.post<unknown>(`${feedbackPath(id)}/reply`, body, { errorMode: 'message', idempotencyKey }),
  );
}

export function useReplyToFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToFeedback,
    onSuccess: (detail) => queryClient.setQueryData(feedbackKeys.detail(detail.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all() }),
  });
}
