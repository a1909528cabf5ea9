import { type AdminFeedbackDetail, AdminFeedbackDetailSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { feedbackKeys } from './feedback-keys.ts';
import { ADMIN_FEEDBACK_PATH } from './feedback-queue.ts';

export const feedbackPath = (id: string) => `${ADMIN_FEEDBACK_PATH}/${encodeURIComponent(id)}`;

/** GET /api/admin/feedback/:id (support/admin): the message with its replies. */
export async function getFeedbackDetail(id: string, signal?: AbortSignal): Promise<AdminFeedbackDetail> {
  return AdminFeedbackDetailSchema.parse(
    await api.get<unknown>(feedbackPath(id), undefined, { errorMode: 'message', signal }),
  );
}

export function useFeedbackDetail(id: string | null) {
  return useQuery({
    queryKey: feedbackKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getFeedbackDetail(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
