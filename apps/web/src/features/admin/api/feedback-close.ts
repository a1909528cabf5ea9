import { type AdminFeedbackDetail, AdminFeedbackDetailSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { feedbackPath } from './feedback-detail.ts';
import { feedbackKeys } from './feedback-keys.ts';

/** POST /api/admin/feedback/:id/close: nothing more to do (support/admin). */
export async function closeFeedback(id: string): Promise<AdminFeedbackDetail> {
  return AdminFeedbackDetailSchema.parse(
    await api.post<unknown>(`${feedbackPath(id)}/close`, undefined, { errorMode: 'message' }),
  );
}

export function useCloseFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeFeedback,
    onSuccess: (detail) => queryClient.setQueryData(feedbackKeys.detail(detail.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all() }),
  });
}
