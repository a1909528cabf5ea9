import { bigserial, jsonb, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/** Key/value facts about this database (e.g. when demo data was seeded). */
export const platformMeta = pgTable('platform_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Messages the mail and SMS adapters send. With SMTP configured the mail adapter also delivers
 * them; otherwise the outbox is where they land (readable by the dev tools).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'stored'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
