import { type FeedImport, FeedImportSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { FEEDS_PATH, feedKeys } from './feed-list.ts';

export const feedCancelPath = (id: string) => `${FEEDS_PATH}/${encodeURIComponent(id)}/cancel`;

/** POST /api/admin/feeds/:id/cancel: only while scheduled. */
export async function cancelFeed(id: string): Promise<FeedImport> {
  return FeedImportSchema.parse(await api.post<unknown>(feedCancelPath(id), {}, { errorMode: 'message' }));
}

export function useCancelFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.all() }),
  });
}
