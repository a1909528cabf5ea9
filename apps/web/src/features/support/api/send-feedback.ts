import type { FeedbackRequest, FeedbackResponse } from '@namebourse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const FEEDBACK_PATH = '/general/service/feedback';

export interface SendFeedbackInput {
  body: FeedbackRequest;
  /** The same key for a repeated submission of the same text, so a retry never files it twice. */
  idempotencyKey?: string;
}

/** POST /api/general/service/feedback. Errors are shown inline by the form (errorMode 'message'). */
export function sendFeedback({ body, idempotencyKey }: SendFeedbackInput): Promise<FeedbackResponse> {
  return api.post<FeedbackResponse>(FEEDBACK_PATH, body, { errorMode: 'message', idempotencyKey });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
