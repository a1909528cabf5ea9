import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** My domains: a domain delivered to (or held by) a user; it stays at its registrar until transferred out. */
export const domains = pgTable(
  'domains',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    tld: text('tld').notNull(),
    registrar: text('registrar').notNull(),
    /** DOMAIN_STATUSES. */
    status: text('status').notNull(),
    /** LOCK_STATUSES. */
    lockStatus: text('lock_status').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    acquiredAt: ts('acquired_at').notNull(),
    orderId: text('order_id'),
    groupName: text('group_name'),
    notes: text('notes'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('domains_name_uq').on(t.name), index('domains_user_idx').on(t.userId, t.acquiredAt)],
);
