import {
  type Announcement,
  AnnouncementSchema,
  type AnnouncementSummary,
  AnnouncementSummarySchema,
  type Page,
  pageSchema,
} from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';

export const ANNOUNCEMENTS_PATH = '/announcements';
export const announcementPath = (slug: string) => `${ANNOUNCEMENTS_PATH}/${encodeURIComponent(slug)}`;

/** The blog lists at most this many of the announcements operators published (newest first). */
export const ANNOUNCEMENTS_LISTED = 100;

const PageOfAnnouncements = pageSchema(AnnouncementSummarySchema);

/** GET /api/announcements: published announcements, newest first, both languages. Quiet: the page decides. */
export async function getAnnouncements(signal?: AbortSignal): Promise<Page<AnnouncementSummary>> {
  const data = await api.get<unknown>(
    ANNOUNCEMENTS_PATH,
    { page: 1, pageSize: ANNOUNCEMENTS_LISTED },
    { errorMode: 'silent', signal },
  );
  return PageOfAnnouncements.parse(data);
}

/** GET /api/announcements/:slug: one published announcement (404 Announcement.NotFound otherwise). */
export async function getAnnouncement(slug: string, signal?: AbortSignal): Promise<Announcement> {
  return AnnouncementSchema.parse(
    await api.get<unknown>(announcementPath(slug), undefined, { errorMode: 'silent', signal }),
  );
}
