import {
  type AdminAnnouncement,
  type AdminAnnouncementsQuery,
  ANNOUNCEMENT_TRANSITIONS,
  type Announcement,
  type AnnouncementInputParsed,
  type AnnouncementPublish,
  type AnnouncementStatus,
  type AnnouncementSummary,
  type Page,
  type PageQuery,
  slugFromTitle,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import type { SitemapSection } from '../../platform/sitemap.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { type Actor, recordAudit } from '../admin/audit.service.ts';
import {
  presentAdminAnnouncement,
  presentAnnouncement,
  presentAnnouncementSummary,
} from './announcements.presenter.ts';
import {
  type AnnouncementRow,
  claimDueAnnouncements,
  findAnnouncement,
  findPublishedBySlug,
  findSlugsLike,
  insertAnnouncementIfSlugFree,
  listAnnouncementRows,
  listPublishedRows,
  publishedSitemapFiles,
  publishedSitemapRows,
  slugTakenByAnother,
  updateAnnouncementIf,
} from './announcements.repository.ts';

/**
 * Help-centre announcements (issue 18): operators (support, admin) write them in both languages as Markdown,
 * publish them now or at a time (the sweeper publishes due ones), and withdraw them. Every change is audited in
 * its transaction; status changes go through ANNOUNCEMENT_TRANSITIONS. Visitors see published ones only.
 */

const ENTITY = 'announcement';
type Operator = Pick<AuthUser, 'id' | 'role'>;

async function presentForOperators(app: Pick<App, 'platform'>, rows: AnnouncementRow[]): Promise<AdminAnnouncement[]> {
  const users = await getUsersByIds(
    app,
    rows.flatMap((r) => (r.updatedBy === null ? [] : [r.updatedBy])),
  );
  return rows.map((row) =>
    presentAdminAnnouncement(
      row,
      row.updatedBy === null ? null : (users.get(row.updatedBy.toString())?.accountNo ?? null),
    ),
  );
}

async function presentOne(app: Pick<App, 'platform'>, row: AnnouncementRow): Promise<AdminAnnouncement> {
  const [presented] = await presentForOperators(app, [row]);
  if (!presented) throw new Error('presentForOperators lost a row');
  return presented;
}

function audit(tx: Tx, actor: Actor, row: AnnouncementRow, action: string, now: Date, from?: AnnouncementStatus) {
  return recordAudit(tx, {
    entityType: ENTITY,
    entityId: row.id.toString(),
    action,
    fromStatus: from ?? null,
    toStatus: row.status,
    actor,
    now,
  });
}

/** `base`, or `base-2`, `base-3` … the first that no announcement uses. */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  const taken = new Set(await findSlugsLike(tx, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 80 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function contentOf(input: AnnouncementInputParsed) {
  return {
    titleZh: input.titleZh,
    titleEn: input.titleEn,
    summaryZh: input.summaryZh,
    summaryEn: input.summaryEn,
    bodyZh: input.bodyZh,
    bodyEn: input.bodyEn,
  };
}

/** POST /api/admin/announcements: a new draft; its slug as given (unused) or made from the English title. */
export async function createAnnouncement(
  app: Pick<App, 'platform'>,
  actor: Operator,
  input: AnnouncementInputParsed,
): Promise<AdminAnnouncement> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const given = input.slug?.trim();
    for (let attempt = 0; attempt < 5; attempt++) {
      const slug = given || (await freeSlug(tx, slugFromTitle(input.titleEn)));
      const inserted = await insertAnnouncementIfSlugFree(tx, {
        slug,
        ...contentOf(input),
        status: 'draft',
        publishAt: null,
        createdBy: actor.id,
        updatedBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      if (inserted) {
        await audit(tx, actor, inserted, 'create', now);
        return inserted;
      }
      if (given) throw new AppError('Announcement.SlugTaken');
    }
    throw new AppError('Announcement.SlugTaken');
  });
  return presentOne(app, row);
}

async function loadForUpdate(tx: Tx, id: bigint): Promise<AnnouncementRow> {
  const row = await findAnnouncement(tx, id, true);
  if (!row) throw new AppError('Announcement.NotFound');
  return row;
}

/** Applies a change to a row still in `from`; an announcement changed meanwhile answers its transition error. */
async function change(
  tx: Tx,
  row: AnnouncementRow,
  patch: Parameters<typeof updateAnnouncementIf>[3],
): Promise<AnnouncementRow> {
  const updated = await updateAnnouncementIf(tx, row.id, row.status, patch);
  if (updated === 'slugTaken') throw new AppError('Announcement.SlugTaken');
  if (!updated) throw new AppError('Announcement.InvalidTransition', { data: { from: row.status } });
  return updated;
}

/** POST /api/admin/announcements/:id: edits the text (and slug) in any status; a published one stays published. */
export async function updateAnnouncement(
  app: Pick<App, 'platform'>,
  actor: Operator,
  id: bigint,
  input: AnnouncementInputParsed,
): Promise<AdminAnnouncement> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await loadForUpdate(tx, id);
    const slug = input.slug?.trim() || current.slug;
    if (slug !== current.slug && (await slugTakenByAnother(tx, slug, id))) throw new AppError('Announcement.SlugTaken');
    const updated = await change(tx, current, { ...contentOf(input), slug, updatedBy: actor.id, updatedAt: now });
    await audit(tx, actor, updated, 'update', now, current.status);
    return updated;
  });
  return presentOne(app, row);
}

/**
 * POST /api/admin/announcements/:id/publish: without `publishAt` (or with one not in the future) it appears now;
 * with a later time it is scheduled and the sweeper publishes it then.
 */
export async function publishAnnouncement(
  app: Pick<App, 'platform'>,
  actor: Operator,
  id: bigint,
  request: AnnouncementPublish,
): Promise<AdminAnnouncement> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const at = request.publishAt ? new Date(request.publishAt) : null;
  const scheduled = at !== null && at.getTime() > now.getTime();
  const to: AnnouncementStatus = scheduled ? 'scheduled' : 'published';
  const row = await db.transaction(async (tx) => {
    const current = await loadForUpdate(tx, id);
    assertTransition(ANNOUNCEMENT_TRANSITIONS, current.status, to, 'Announcement.InvalidTransition');
    const updated = await change(tx, current, {
      status: to,
      publishAt: scheduled ? at : now,
      updatedBy: actor.id,
      updatedAt: now,
    });
    await audit(tx, actor, updated, scheduled ? 'schedule' : 'publish', now, current.status);
    return updated;
  });
  return presentOne(app, row);
}

/** POST /api/admin/announcements/:id/withdraw: a published (or scheduled) one leaves the help centre. */
export async function withdrawAnnouncement(
  app: Pick<App, 'platform'>,
  actor: Operator,
  id: bigint,
): Promise<AdminAnnouncement> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await loadForUpdate(tx, id);
    assertTransition(ANNOUNCEMENT_TRANSITIONS, current.status, 'withdrawn', 'Announcement.InvalidTransition');
    const updated = await change(tx, current, { status: 'withdrawn', updatedBy: actor.id, updatedAt: now });
    await audit(tx, actor, updated, 'withdraw', now, current.status);
    return updated;
  });
  return presentOne(app, row);
}

/** GET /api/admin/announcements. */
export async function listAdminAnnouncements(
  app: Pick<App, 'platform'>,
  query: AdminAnnouncementsQuery,
): Promise<Page<AdminAnnouncement>> {
  const slice = await listAnnouncementRows(app.platform.db, { status: query.status, q: query.q }, windowOf(query));
  return { ...pageOf(query, slice), items: await presentForOperators(app, slice.items) };
}

/** GET /api/admin/announcements/:id. */
export async function getAdminAnnouncement(app: Pick<App, 'platform'>, id: bigint): Promise<AdminAnnouncement> {
  const row = await findAnnouncement(app.platform.db, id);
  if (!row) throw new AppError('Announcement.NotFound');
  return presentOne(app, row);
}

/** GET /api/announcements: published ones, newest first. */
export async function listPublishedAnnouncements(
  app: Pick<App, 'platform'>,
  query: PageQuery,
): Promise<Page<AnnouncementSummary>> {
  return pageOf(query, await listPublishedRows(app.platform.db, windowOf(query)), presentAnnouncementSummary);
}

/** GET /api/announcements/:slug: Announcement.NotFound unless published. */
export async function getPublishedAnnouncement(app: Pick<App, 'platform'>, slug: string): Promise<Announcement> {
  const row = await findPublishedBySlug(app.platform.db, slug);
  if (!row) throw new AppError('Announcement.NotFound');
  return presentAnnouncement(row);
}

/** The sweeper publishes scheduled announcements at their time (re-checked under the row lock). */
export function registerAnnouncementSweeper(app: App): void {
  app.platform.sweeper.register<AnnouncementRow>({
    name: 'announcements.publish',
    claim: (tx, now, limit) => claimDueAnnouncements(tx, now, limit),
    apply: async (tx, row, now) => {
      if (row.status !== 'scheduled' || !row.publishAt || row.publishAt > now) return;
      assertTransition(ANNOUNCEMENT_TRANSITIONS, row.status, 'published', 'Announcement.InvalidTransition');
      // The time it was scheduled for stays its publication time; the operator who scheduled it stays its author.
      const updated = await change(tx, row, { status: 'published', updatedAt: now });
      await audit(tx, 'system', updated, 'publish', now, row.status);
    },
  });
}

/** /sitemap-announcements-<n>.xml: every published announcement's page. */
export const announcementsSitemapSection = (app: App): SitemapSection => ({
  name: 'announcements',
  maxPathBytes: '/help-center/blog/'.length + 80,
  files: async (perFile) => (await publishedSitemapFiles(app.platform.db, perFile)).map((lastmod) => ({ lastmod })),
  urls: async (file, perFile) =>
    (await publishedSitemapRows(app.platform.db, (file - 1) * perFile, perFile)).map((row) => ({
      loc: `/help-center/blog/${row.slug}`,
      lastmod: row.updatedAt,
      changefreq: 'monthly',
      priority: 0.5,
    })),
});
