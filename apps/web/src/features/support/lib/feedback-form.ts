import { FEEDBACK_LIMITS, type FeedbackRequest } from '@namebourse/contract';

export const FEEDBACK_FIELDS = [
  'name',
  'email',
  'category',
  'content',
] as const satisfies readonly (keyof FeedbackRequest)[];
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** Length shown by the message counter: the text as the server will count it (trimmed). */
export function contentLength(content: string | undefined): number {
  return (content ?? '').trim().length;
}

export function isContentTooLong(content: string | undefined): boolean {
  return contentLength(content) > FEEDBACK_LIMITS.contentMax;
}
