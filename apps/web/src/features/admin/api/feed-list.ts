import { type FeedImport, type FeedImportStatus, FeedImportsPageSchema, type Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const FEEDS_PATH = '/admin/feeds';
export const feedKeys = {
  all: () => ['admin', 'feeds'] as const,
  list: (query: object) => ['admin', 'feeds', query] as const,
};

export interface FeedsParams {
  status?: FeedImportStatus | undefined;
  page: number;
  pageSize?: number;
}

/** GET /api/admin/feeds (admin): the scheduled imports, newest first, with their reports. */
export async function getFeeds(query: FeedsParams, signal?: AbortSignal): Promise<Page<FeedImport>> {
  return FeedImportsPageSchema.parse(await api.get<unknown>(FEEDS_PATH, query, { errorMode: 'message', signal }));
}

export function useFeeds(query: FeedsParams) {
  return useQuery({
    queryKey: feedKeys.list(query),
    queryFn: ({ signal }) => getFeeds(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A scheduled or running import changes on its own: look again now and then while one is waiting.
    refetchInterval: (q) =>
      q.state.data?.items.some((f) => f.status === 'scheduled' || f.status === 'running') ? 15_000 : false,
  });
}
