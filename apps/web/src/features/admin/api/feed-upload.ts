import { type FeedImport, FeedImportSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../../lib/api-client.ts';
import { FEEDS_PATH, feedKeys } from './feed-list.ts';

const UPLOAD_TIMEOUT_MS = 120_000;

export interface FeedUploadInput {
  file: File;
  /** ISO date-time with offset; none: now. */
  scheduledAt?: string | undefined;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/admin/feeds (multipart: `scheduledAt` before `file`). */
export async function uploadFeed({ file, scheduledAt, onProgress }: FeedUploadInput): Promise<FeedImport> {
  const form = new FormData();
  if (scheduledAt) form.set('scheduledAt', scheduledAt);
  form.set('file', file, file.name);
  return FeedImportSchema.parse(
    await api.post<unknown>(FEEDS_PATH, form, {
      errorMode: 'message',
      timeoutMs: UPLOAD_TIMEOUT_MS,
      ...(onProgress ? { onUploadProgress: onProgress } : {}),
    }),
  );
}

export function useUploadFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.all() }),
  });
}
