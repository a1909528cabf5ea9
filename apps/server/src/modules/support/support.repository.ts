import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { feedback } from '../../db/schema/index.ts';

/** The only file with SQL for the feedback table. */
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
