import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent through the contact-us form. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    feedbackNo: text('feedback_no').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    content: text('content').notNull(),
    locale: text('locale').notNull(),
    ip: text('ip'),
    userAccountNo: text('user_account_no'),
    traceId: text('trace_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);
