import { bigserial, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Accounts. The accounts issue extends this table (MFA, contact info, …). */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    accountNo: text('account_no').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('users_account_no_uq').on(t.accountNo), uniqueIndex('users_email_uq').on(t.email)],
);
