import {
  type AdminFeedback,
  type AdminFeedbackQuery,
  AdminFeedbackSchema,
  type Page,
  pageSchema,
} from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { feedbackKeys } from './feedback-keys.ts';

export const ADMIN_FEEDBACK_PATH = '/admin/feedback';

const PageOfFeedback = pageSchema(AdminFeedbackSchema);

/** GET /api/admin/feedback (support/admin): open messages oldest first, or the status asked for. */
export async function getFeedbackQueue(query: AdminFeedbackQuery, signal?: AbortSignal): Promise<Page<AdminFeedback>> {
  return PageOfFeedback.parse(await api.get<unknown>(ADMIN_FEEDBACK_PATH, query, { errorMode: 'message', signal }));
}

export function useFeedbackQueue(query: AdminFeedbackQuery) {
  return useQuery({
    queryKey: feedbackKeys.list(query),
    queryFn: ({ signal }) => getFeedbackQueue(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
