import type { AnnouncementStatus } from '@namebourse/contract';
import { and, count, desc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { announcements } from '../../db/schema/index.ts';
import type { PageWindow, Slice } from '../../platform/paging.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for the announcements table. */
export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Inserts an announcement; undefined when its slug is already taken. */
export async function insertAnnouncementIfSlugFree(
  db: DbOrTx,
  row: NewAnnouncementRow,
): Promise<AnnouncementRow | undefined> {
  const rows = await db
    .insert(announcements)
    .values(row)
    .onConflictDoNothing({ target: announcements.slug })
    .returning();
  return rows[0];
}

export async function findAnnouncement(db: DbOrTx, id: bigint, lock = false): Promise<AnnouncementRow | undefined> {
  const query = db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** Slugs equal to `base` or `base-<n>` (to pick a free one). */
export async function findSlugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: announcements.slug })
    .from(announcements)
    .where(or(eq(announcements.slug, base), like(announcements.slug, `${escapeLike(base)}-%`)));
  return rows.map((r) => r.slug);
}

export async function slugTakenByAnother(db: DbOrTx, slug: string, id: bigint): Promise<boolean> {
  const rows = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.slug, slug), sql`${announcements.id} <> ${id}`))
    .limit(1);
  return rows.length > 0;
}

/** The operators' list: every status (or one), `q` in a title or the slug, the latest change first. */
export async function listAnnouncementRows(
  db: DbOrTx,
  filter: { status?: AnnouncementStatus | undefined; q?: string | undefined },
  window: PageWindow,
): Promise<Slice<AnnouncementRow>> {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(announcements.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const match = or(
      ilike(announcements.titleZh, pattern),
      ilike(announcements.titleEn, pattern),
      ilike(announcements.slug, pattern),
    );
    if (match) parts.push(match);
  }
  const where = parts.length > 0 ? and(...parts) : undefined;
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.updatedAt), desc(announcements.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { items, total: totals[0]?.n ?? 0 };
}

function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Changes a row whose status is still `from` (a concurrent change makes it answer undefined), in a savepoint:
 * a slug another row took meanwhile answers 'slugTaken' and leaves the caller's transaction usable.
 */
export async function updateAnnouncementIf(
  db: DbOrTx,
  id: bigint,
  from: AnnouncementStatus,
  patch: Partial<NewAnnouncementRow>,
): Promise<AnnouncementRow | 'slugTaken' | undefined> {
  try {
    return await db.transaction(async (sp) => {
      const rows = await sp
        .update(announcements)
        .set(patch)
        .where(and(eq(announcements.id, id), eq(announcements.status, from)))
        .returning();
      return rows[0];
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'slugTaken';
    throw err;
  }
}

/** Published ones, newest first (ties by id). */
export async function listPublishedRows(db: DbOrTx, window: PageWindow): Promise<Slice<AnnouncementRow>> {
  const published = eq(announcements.status, 'published');
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(published)
      .orderBy(desc(announcements.publishAt), desc(announcements.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(announcements).where(published),
  ]);
  return { items, total: totals[0]?.n ?? 0 };
}

export async function findPublishedBySlug(db: DbOrTx, slug: string): Promise<AnnouncementRow | undefined> {
  const rows = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.slug, slug), eq(announcements.status, 'published')))
    .limit(1);
  return rows[0];
}

/** Scheduled announcements whose time has come, locked (FOR UPDATE SKIP LOCKED) for the sweeper. */
export function claimDueAnnouncements(tx: Tx, now: Date, limit: number): Promise<AnnouncementRow[]> {
  return claimDue(tx, announcements, announcements.publishAt, {
    now,
    limit,
    where: eq(announcements.status, 'scheduled'),
    orderBy: [announcements.id],
  });
}

/** The sitemap's files: for each `perFile` published announcements (slug order), the newest change among them. */
export async function publishedSitemapFiles(db: DbOrTx, perFile: number): Promise<Date[]> {
  const rows = await db
    .select({ updatedAt: announcements.updatedAt })
    .from(announcements)
    .where(eq(announcements.status, 'published'))
    .orderBy(announcements.slug);
  const files: Date[] = [];
  rows.forEach((row, i) => {
    const file = Math.floor(i / perFile);
    const current = files[file];
    if (!current || row.updatedAt > current) files[file] = row.updatedAt;
  });
  return files;
}

/** Published announcements in slug order, `limit` from `offset` (the sitemap's files). */
export async function publishedSitemapRows(
  db: DbOrTx,
  offset: number,
  limit: number,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: announcements.slug, updatedAt: announcements.updatedAt })
    .from(announcements)
    .where(eq(announcements.status, 'published'))
    .orderBy(announcements.slug)
    .limit(limit)
    .offset(offset);
}
