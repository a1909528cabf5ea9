import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/** The message centre: one row per notice to a user, rendered in the reader's language from kind + params. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    link: text('link'),
    /** Optional de-duplication key: the same notice is sent once. */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The e-mail of this notice (issue 18): `pending` until the mail sweeper decides — `sent`, `skipped` (its
     * category is switched off, or it has no e-mail), `digest` (kept for the daily digest), `failed`.
     * Null for notices that are never e-mailed.
     */
    emailStatus: text('email_status'),
    emailedAt: timestamp('emailed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.createdAt),
    index('messages_email_due_idx').on(t.id).where(sql`${t.emailStatus} = 'pending'`),
    index('messages_digest_idx').on(t.userId, t.id).where(sql`${t.emailStatus} = 'digest'`),
    uniqueIndex('messages_dedupe_uq').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);
