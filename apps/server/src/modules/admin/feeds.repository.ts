import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { feedImports } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for feed_imports. */
export type FeedImportRow = typeof feedImports.$inferSelect;
export type FeedImportStatusValue = FeedImportRow['status'];

/** Inserts the import unless the same file (sha256) is already known; undefined then. */
export async function insertFeedImportIfNew(
  db: DbOrTx,
  values: Omit<FeedImportRow, 'id'>,
): Promise<FeedImportRow | undefined> {
  const rows = await db.insert(feedImports).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function findFeedImportBySha(db: DbOrTx, sha256: string): Promise<FeedImportRow | undefined> {
  const rows = await db.select().from(feedImports).where(eq(feedImports.sha256, sha256)).limit(1);
  return rows[0];
}

export async function findFeedImport(db: DbOrTx, id: bigint): Promise<FeedImportRow | undefined> {
  const rows = await db.select().from(feedImports).where(eq(feedImports.id, id)).limit(1);
  return rows[0];
}

export async function lockFeedImport(tx: Tx, id: bigint): Promise<FeedImportRow | undefined> {
  const rows = await tx.select().from(feedImports).where(eq(feedImports.id, id)).limit(1).for('update');
  return rows[0];
}

/** Changes the row only while it is still in `fromStatus`; undefined when it changed meanwhile. */
export async function updateFeedImportIfStatus(
  db: DbOrTx,
  id: bigint,
  fromStatus: FeedImportStatusValue,
  values: Partial<
    Pick<FeedImportRow, 'status' | 'report' | 'finishedAt' | 'scheduledAt' | 'createdBy' | 'fileName' | 'source'>
  >,
): Promise<FeedImportRow | undefined> {
  const rows = await db
    .update(feedImports)
    .set(values)
    .where(and(eq(feedImports.id, id), eq(feedImports.status, fromStatus)))
    .returning();
  return rows[0];
}

/** Newest first, without the file's content. */
export async function listFeedImports(
  db: DbOrTx,
  filter: { status?: FeedImportStatusValue | undefined },
  page: { limit: number; offset: number },
): Promise<{ items: Omit<FeedImportRow, 'content'>[]; total: number }> {
  const where = filter.status ? eq(feedImports.status, filter.status) : undefined;
  const { content: _, ...columns } = getTableColumns(feedImports);
  const items = await db
    .select(columns)
    .from(feedImports)
    .where(where)
    .orderBy(desc(feedImports.createdAt), desc(feedImports.id))
    .limit(page.limit)
    .offset(page.offset);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(feedImports).where(where);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

/** Scheduled imports whose time has come (FOR UPDATE SKIP LOCKED: one instance runs each). */
export function claimDueFeedImports(tx: Tx, now: Date, limit: number): Promise<FeedImportRow[]> {
  return claimDue(tx, feedImports, feedImports.scheduledAt, {
    now,
    limit,
    where: eq(feedImports.status, 'scheduled'),
    orderBy: [feedImports.id],
  });
}

/** Imports left running (their instance stopped mid-way) whose time is `staleBefore` or earlier. */
export function claimStaleRunningImports(tx: Tx, staleBefore: Date, limit: number): Promise<FeedImportRow[]> {
  return claimDue(tx, feedImports, feedImports.scheduledAt, {
    now: staleBefore,
    limit,
    where: eq(feedImports.status, 'running'),
    orderBy: [feedImports.id],
  });
}
