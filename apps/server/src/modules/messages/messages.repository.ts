import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { messages } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';

/** The only file with SQL for messages. */
export type MessageRow = typeof messages.$inferSelect;

/** Inserts the message; with a dedupe key, a second one with the same key is ignored. */
export function insertMessage(db: DbOrTx, values: NewMessageRow): Promise<void> {
  return insertMessages(db, [values]);
}

/** Messages in one statement; a message whose (user, dedupe key) exists is skipped. */
/** A notice to insert; its e-mail status is set by the caller (null: never e-mailed). */
export type NewMessageRow = Omit<MessageRow, 'id' | 'readAt' | 'emailStatus' | 'emailedAt'> &
  Partial<Pick<MessageRow, 'emailStatus'>>;

export async function insertMessages(db: DbOrTx, values: NewMessageRow[]): Promise<void> {
  if (values.length === 0) return;
  await db
    .insert(messages)
    .values(values.map((v) => ({ ...v, readAt: null })))
    .onConflictDoNothing({
      target: [messages.userId, messages.dedupeKey],
      where: sql`${messages.dedupeKey} IS NOT NULL`,
    });
}

function ownWhere(userId: bigint, unreadOnly: boolean): SQL | undefined {
  return unreadOnly ? and(eq(messages.userId, userId), isNull(messages.readAt)) : eq(messages.userId, userId);
}

/** The user's messages, newest first. */
export async function listMessageRows(
  db: DbOrTx,
  userId: bigint,
  unreadOnly: boolean,
  { limit, offset }: PageWindow,
): Promise<{ items: MessageRow[]; total: number }> {
  const where = ownWhere(userId, unreadOnly);
  const items = await db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

export async function countUnreadMessages(db: DbOrTx, userId: bigint): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(ownWhere(userId, true));
  return Number(rows[0]?.n ?? 0);
}

/** Which of these ids are the user's messages. */
export async function findOwnMessageIds(db: DbOrTx, userId: bigint, ids: bigint[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.userId, userId), inArray(messages.id, ids)));
  return rows.map((r) => r.id);
}

/** Marks the user's unread messages read: these ids, or all of them when `ids` is null. */
export async function markMessagesRead(db: DbOrTx, userId: bigint, ids: bigint[] | null, now: Date): Promise<void> {
  const own = and(eq(messages.userId, userId), isNull(messages.readAt));
  await db
    .update(messages)
    .set({ readAt: now })
    .where(ids === null ? own : and(own, inArray(messages.id, ids)));
}
