import { type AdminAnnouncement, AdminAnnouncementSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementKeys } from './announcement-keys.ts';
import { ADMIN_ANNOUNCEMENTS_PATH } from './announcement-list.ts';

export interface PublishAnnouncementInput {
  id: string;
  /** ISO time to publish at; absent: now. */
  publishAt?: string;
}

/** POST /api/admin/announcements/:id/publish: now, or scheduled at `publishAt` (support/admin). */
export async function publishAnnouncement({ id, publishAt }: PublishAnnouncementInput): Promise<AdminAnnouncement> {
  const path = `${ADMIN_ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}/publish`;
  return AdminAnnouncementSchema.parse(
    await api.post<unknown>(path, publishAt ? { publishAt } : {}, { errorMode: 'message' }),
  );
}

export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all() }),
  });
}
