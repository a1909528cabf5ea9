import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database.ts';
import { outbox } from '../../db/schema/platform.ts';

/** The outbox table's SQL (outbox.ts decides what is stored and how it is read back). */

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;

export async function insertOutboxRow(db: Db, row: NewOutboxRow): Promise<bigint> {
  const [inserted] = await db.insert(outbox).values(row).returning({ id: outbox.id });
  return inserted!.id;
}

export async function updateOutboxStatus(
  db: Db,
  id: bigint,
  values: Pick<NewOutboxRow, 'status' | 'error'>,
): Promise<void> {
  await db.update(outbox).set(values).where(eq(outbox.id, id));
}

/**
 * Rows to one recipient, newest first, at most `limit`: an e-mail address matched
 * case-insensitively, or a phone number exactly; failed sends only when `includeFailed`.
 */
export function listOutboxRows(
  db: Db,
  to: { channel: 'email' | 'sms'; recipient: string },
  limit: number,
  includeFailed: boolean,
): Promise<OutboxRow[]> {
  const match =
    to.channel === 'email'
      ? and(eq(outbox.channel, 'email'), sql`lower(${outbox.recipient}) = lower(${to.recipient})`)
      : and(eq(outbox.channel, 'sms'), eq(outbox.recipient, to.recipient));
  return db
    .select()
    .from(outbox)
    .where(includeFailed ? match : and(match, ne(outbox.status, 'failed')))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}
