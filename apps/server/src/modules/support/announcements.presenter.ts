import type { AdminAnnouncement, Announcement, AnnouncementSummary } from '@namebourse/contract';
import type { AnnouncementRow } from './announcements.repository.ts';

/** Row → what operators see; `updatedBy` is the account number of the last operator to change it. */
export function presentAdminAnnouncement(row: AnnouncementRow, updatedBy: string | null): AdminAnnouncement {
  return {
    id: row.id.toString(),
    slug: row.slug,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    summaryZh: row.summaryZh,
    summaryEn: row.summaryEn,
    bodyZh: row.bodyZh,
    bodyEn: row.bodyEn,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy,
  };
}

/** A published row → the public list's entry (a published row always has its time). */
export function presentAnnouncementSummary(row: AnnouncementRow): AnnouncementSummary {
  return {
    slug: row.slug,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    summaryZh: row.summaryZh,
    summaryEn: row.summaryEn,
    publishedAt: (row.publishAt ?? row.updatedAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A published row → the public page's announcement, Markdown as written. */
export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return { ...presentAnnouncementSummary(row), bodyZh: row.bodyZh, bodyEn: row.bodyEn };
}
