import { type AdminAnnouncement, AdminAnnouncementSchema } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementKeys } from './announcement-keys.ts';
import { ADMIN_ANNOUNCEMENTS_PATH } from './announcement-list.ts';

/** POST /api/admin/announcements/:id/withdraw: it leaves the help centre (support/admin). */
export async function withdrawAnnouncement(id: string): Promise<AdminAnnouncement> {
  const path = `${ADMIN_ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}/withdraw`;
  return AdminAnnouncementSchema.parse(await api.post<unknown>(path, undefined, { errorMode: 'message' }));
}

export function useWithdrawAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all() }),
  });
}
