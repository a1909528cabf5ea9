import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';
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

// ---- E-mail of notices (messages.mail.service.ts) ----

/** A notice whose e-mail is to be decided (status `pending`) or a digest notice that is due. */
export type MailRow = Pick<MessageRow, 'id' | 'userId' | 'kind' | 'params' | 'link' | 'createdAt' | 'emailStatus'>;

const mailColumns = {
  id: messages.id,
  userId: messages.userId,
  kind: messages.kind,
  params: messages.params,
  link: messages.link,
  createdAt: messages.createdAt,
  emailStatus: messages.emailStatus,
};

/**
 * Claims pending e-mails (`FOR UPDATE SKIP LOCKED`): new ones, and failed ones whose next try
 * (`emailed_at` of a pending row) has come.
 */
export function claimPendingEmails(tx: DbOrTx, now: Date, limit: number): Promise<MailRow[]> {
  return tx
    .select(mailColumns)
    .from(messages)
    .where(and(eq(messages.emailStatus, 'pending'), or(isNull(messages.emailedAt), lte(messages.emailedAt, now))))
    .orderBy(asc(messages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Sets the e-mail status (and `emailed_at`: when sent, or when a digest notice is due) of notices. */
export async function setEmailStatus(db: DbOrTx, ids: bigint[], status: string, at: Date | null): Promise<void> {
  if (ids.length === 0) return;
  await db.update(messages).set({ emailStatus: status, emailedAt: at }).where(inArray(messages.id, ids));
}

/**
 * Failed sends to try again at `at`: the rows go back to `status` (`pending`, or `digest` for a
 * digest) with `emailed_at` as the next try, and the attempts so far are kept in their params under
 * `_emailAttempts` (no template reads it).
 */
export async function scheduleEmailRetry(
  db: DbOrTx,
  ids: bigint[],
  status: 'pending' | 'digest',
  attempts: number,
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(messages)
    .set({
      emailStatus: status,
      emailedAt: at,
      params: sql`${messages.params} || ${JSON.stringify({ _emailAttempts: attempts })}::jsonb`,
    })
    .where(inArray(messages.id, ids));
}

/**
 * Users whose digest is due (a `digest` notice with `emailed_at` ≤ now), each claimed whole with a
 * transaction-scoped advisory lock on the user (skipped when another sweep holds it). Claiming the
 * notice rows instead let two sweeps each take part of one user's notices (more than a batch, due at
 * the same 08:00) and send that user two digests.
 */
export async function claimDueDigestUsers(tx: DbOrTx, now: Date, limit: number): Promise<{ userId: bigint }[]> {
  const result = await tx.execute(sql`
    select due.user_id::text as user_id
    from (
      select distinct ${messages.userId} as user_id
      from ${messages}
      where ${messages.emailStatus} = 'digest' and ${messages.emailedAt} <= ${now.toISOString()}::timestamptz
      order by 1
      limit ${limit * 4}
    ) as due
    where pg_try_advisory_xact_lock(hashtext('messages:digest:' || due.user_id::text))
    limit ${limit}`);
  return rowsOf<{ user_id: string }>(result).map((row) => ({ userId: BigInt(row.user_id) }));
}

/**
 * Every digest notice of the user that is due, oldest first, locked (the caller holds the user's
 * digest lock, so no other sweep holds these rows for long: wait for them rather than skip some).
 */
export function lockDueDigestRows(tx: DbOrTx, userId: bigint, now: Date): Promise<MailRow[]> {
  return tx
    .select(mailColumns)
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.emailStatus, 'digest'), lte(messages.emailedAt, now)))
    .orderBy(asc(messages.id))
    .for('update');
}

/** The e-mail status of the user's notices, oldest first (tests and support). */
export function listEmailStatuses(
  db: DbOrTx,
  userId: bigint,
): Promise<{ id: bigint; kind: string; emailStatus: string | null; emailedAt: Date | null }[]> {
  return db
    .select({ id: messages.id, kind: messages.kind, emailStatus: messages.emailStatus, emailedAt: messages.emailedAt })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(asc(messages.id));
}
