import { type AnnouncementSummary, AnnouncementSummarySchema, pageSchema } from '@namebourse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The home page shows this many of the newest announcements. */
export const LATEST_ANNOUNCEMENTS = 3;

const PageOfAnnouncements = pageSchema(AnnouncementSummarySchema);

/** GET /api/announcements (first page, newest first). Quiet: the strip is left out when it fails. */
export async function getLatestAnnouncements(signal?: AbortSignal): Promise<AnnouncementSummary[]> {
  const data = await api.get<unknown>(
    '/announcements',
    { page: 1, pageSize: LATEST_ANNOUNCEMENTS },
    { errorMode: 'silent', signal },
  );
  return PageOfAnnouncements.parse(data).items;
}

/** The strip's query (the page and the server renderer share it). */
export function latestAnnouncementsQuery() {
  return queryOptions({
    queryKey: ['home', 'announcements'] as const,
    queryFn: ({ signal }) => getLatestAnnouncements(signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useLatestAnnouncements() {
  return useQuery(latestAnnouncementsQuery());
}
