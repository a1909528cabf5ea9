import { type AdminAnnouncement, AdminAnnouncementSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementKeys } from './announcement-keys.ts';
import { ADMIN_ANNOUNCEMENTS_PATH } from './announcement-list.ts';

/** GET /api/admin/announcements/:id (support/admin): one announcement to edit. */
export async function getAdminAnnouncement(id: string, signal?: AbortSignal): Promise<AdminAnnouncement> {
  return AdminAnnouncementSchema.parse(
    await api.get<unknown>(`${ADMIN_ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}`, undefined, {
      errorMode: 'message',
      signal,
    }),
  );
}

export function useAdminAnnouncement(id: string | null) {
  return useQuery({
    queryKey: [...announcementKeys.all(), 'detail', id ?? ''] as const,
    queryFn: ({ signal }) => getAdminAnnouncement(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
