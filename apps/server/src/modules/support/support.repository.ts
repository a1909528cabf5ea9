import type { FeedbackCategory, FeedbackStatus } from '@namebourse/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { feedback, feedbackReplies } from '../../db/schema/index.ts';
import type { PageWindow, Slice } from '../../platform/paging.ts';

/** The only file with SQL for the feedback and feedback_replies tables. */
export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedbackRow = typeof feedback.$inferInsert;

/** Inserts a feedback message; undefined when its feedbackNo is already taken. */
export async function insertFeedbackIfAbsent(db: DbOrTx, row: NewFeedbackRow): Promise<FeedbackRow | undefined> {
  const rows = await db.insert(feedback).values(row).onConflictDoNothing({ target: feedback.feedbackNo }).returning();
  return rows[0];
}

export async function findFeedbackByNo(db: DbOrTx, feedbackNo: string): Promise<FeedbackRow | undefined> {
  const rows = await db.select().from(feedback).where(eq(feedback.feedbackNo, feedbackNo)).limit(1);
  return rows[0];
}

// ---- Triage (issue 18): the operators' queue, replies and status ----

export type FeedbackReplyRow = typeof feedbackReplies.$inferSelect;
export type FeedbackQueueRow = FeedbackRow & { replyCount: number };

export interface FeedbackFilter {
  /** One status, or every status (undefined). */
  status?: FeedbackStatus | undefined;
  category?: FeedbackCategory | undefined;
  /** Part of the name, e-mail, number or message (case-insensitive). */
  q?: string | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The queue: open ones oldest first (the longest waiting on top); any other view newest first. */
export async function listFeedbackRows(
  db: DbOrTx,
  filter: FeedbackFilter,
  window: PageWindow,
): Promise<Slice<FeedbackQueueRow>> {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(feedback.status, filter.status));
  if (filter.category) parts.push(eq(feedback.category, filter.category));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const match = or(
      ilike(feedback.name, pattern),
      ilike(feedback.email, pattern),
      ilike(feedback.feedbackNo, pattern),
      ilike(feedback.content, pattern),
    );
    if (match) parts.push(match);
  }
  const where = parts.length > 0 ? and(...parts) : undefined;
  const order =
    filter.status === 'open'
      ? [asc(feedback.createdAt), asc(feedback.id)]
      : [desc(feedback.createdAt), desc(feedback.id)];
  const replyCount = sql<number>`(select count(*)::int from ${feedbackReplies} where ${feedbackReplies.feedbackId} = ${feedback.id})`;
  const [rows, totals] = await Promise.all([
    db
      .select({ row: feedback, replyCount })
      .from(feedback)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r.row, replyCount: Number(r.replyCount) })), total: totals[0]?.n ?? 0 };
}

/** One submission, locked for a status change when asked. */
export async function findFeedbackForUpdate(db: DbOrTx, feedbackNo: string): Promise<FeedbackRow | undefined> {
  const rows = await db.select().from(feedback).where(eq(feedback.feedbackNo, feedbackNo)).limit(1).for('update');
  return rows[0];
}

/** The replies to a submission, oldest first. */
export function listFeedbackReplies(db: DbOrTx, feedbackId: bigint): Promise<FeedbackReplyRow[]> {
  return db
    .select()
    .from(feedbackReplies)
    .where(eq(feedbackReplies.feedbackId, feedbackId))
    .orderBy(asc(feedbackReplies.createdAt), asc(feedbackReplies.id));
}

export async function insertFeedbackReply(
  db: DbOrTx,
  row: typeof feedbackReplies.$inferInsert,
): Promise<FeedbackReplyRow> {
  const rows = await db.insert(feedbackReplies).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('feedback reply insert returned no row');
  return inserted;
}

/** Moves a submission still in `from` to `to`; undefined when it has moved meanwhile. */
export async function updateFeedbackStatusIf(
  db: DbOrTx,
  id: bigint,
  from: FeedbackStatus,
  to: FeedbackStatus,
  now: Date,
): Promise<FeedbackRow | undefined> {
  const rows = await db
    .update(feedback)
    .set({ status: to, updatedAt: now })
    .where(and(eq(feedback.id, id), eq(feedback.status, from)))
    .returning();
  return rows[0];
}
