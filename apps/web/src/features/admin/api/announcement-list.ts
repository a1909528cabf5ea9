import {
  type AdminAnnouncement,
  AdminAnnouncementSchema,
  type AdminAnnouncementsQuery,
  type Page,
  pageSchema,
} from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementKeys } from './announcement-keys.ts';

export const ADMIN_ANNOUNCEMENTS_PATH = '/admin/announcements';

const PageOfAnnouncements = pageSchema(AdminAnnouncementSchema);

/** GET /api/admin/announcements (support/admin): every status, the latest change first. */
export async function getAdminAnnouncements(
  query: AdminAnnouncementsQuery,
  signal?: AbortSignal,
): Promise<Page<AdminAnnouncement>> {
  return PageOfAnnouncements.parse(
    await api.get<unknown>(ADMIN_ANNOUNCEMENTS_PATH, query, { errorMode: 'message', signal }),
  );
}

export function useAdminAnnouncements(query: AdminAnnouncementsQuery) {
  return useQuery({
    queryKey: announcementKeys.list(query),
    queryFn: ({ signal }) => getAdminAnnouncements(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
