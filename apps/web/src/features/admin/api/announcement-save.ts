import { type AdminAnnouncement, AdminAnnouncementSchema, type AnnouncementInput } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementKeys } from './announcement-keys.ts';
import { ADMIN_ANNOUNCEMENTS_PATH } from './announcement-list.ts';

export interface SaveAnnouncementInput {
  /** Absent: a new draft (POST /api/admin/announcements); present: an edit (POST /api/admin/announcements/:id). */
  id?: string;
  body: AnnouncementInput;
}

/** Creates a draft or saves an edit (support/admin). Field errors are shown by the editor. */
export async function saveAnnouncement({ id, body }: SaveAnnouncementInput): Promise<AdminAnnouncement> {
  const path = id ? `${ADMIN_ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}` : ADMIN_ANNOUNCEMENTS_PATH;
  return AdminAnnouncementSchema.parse(await api.post<unknown>(path, body, { errorMode: 'message' }));
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all() }),
  });
}
