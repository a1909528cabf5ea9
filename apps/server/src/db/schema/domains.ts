import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Domain groups (spec §3 Group): a user's own folders for My domains. */
export const domainGroups = pgTable(
  'domain_groups',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('domain_groups_user_name_uq').on(t.userId, sql`lower(${t.name})`)],
);

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
    groupId: bigint('group_id', { mode: 'bigint' }).references(() => domainGroups.id, { onDelete: 'set null' }),
    notes: text('notes'),
    /** No transfer out before this (delivery or transfer-in + DOMAIN_RULES.transferOutWaitDays). */
    transferOutAllowedFrom: ts('transfer_out_allowed_from').notNull(),
    /** The previous holder can reclaim it until then (registry state at delivery); null: no longer. */
    reclaimableUntil: ts('reclaimable_until'),
    /** Listed for sale (the listings area sets it; locking delists). */
    listed: boolean('listed').notNull().default(false),
    /** Under a dispute (operators): no transfer out. */
    disputed: boolean('disputed').notNull().default(false),
    /** DOMAIN_OPERATION_KINDS: the registrar operation in flight (one at a time, cancel_transfer aside). */
    pendingOperation: text('pending_operation'),
    /** The current transfer code: its hash (never the code), issue and expiry times. */
    authCodeHash: text('auth_code_hash'),
    authCodeIssuedAt: ts('auth_code_issued_at'),
    authCodeExpiresAt: ts('auth_code_expires_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('domains_name_uq').on(t.name),
    index('domains_user_idx').on(t.userId, t.acquiredAt, t.id),
    index('domains_user_expires_idx').on(t.userId, t.expiresAt),
    // Keyword search (`name like '%…%'`) and name sorts read the user's names from the index alone.
    index('domains_user_name_idx').on(t.userId, t.name),
    index('domains_user_group_idx').on(t.userId, t.groupId),
    index('domains_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Registrar operations in flight and done (lock, unlock, renew, redeem, transfers): the registrar
 * accepted the request with a ticket, and the sweeper polls it at `next_check_at` until a result.
 */
export const domainOperations = pgTable(
  'domain_operations',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The domain's row (null for a transfer-in until it completes). */
    domainId: bigint('domain_id', { mode: 'bigint' }),
    domain: text('domain').notNull(),
    /** DOMAIN_OPERATION_KINDS. */
    kind: text('kind').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull(),
    /** The registrar's ticket once it accepted the request (null: not submitted yet; the sweeper submits it). */
    ticket: text('ticket'),
    /** Operation parameters (JSON: years, registrar …). */
    params: text('params').notNull().default('{}'),
    /** The order that pays for it (renew, redeem). */
    orderId: text('order_id'),
    /** The transfer it belongs to (transfers). */
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: ts('next_check_at').notNull(),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('domain_operations_due_idx').on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
    index('domain_operations_domain_idx').on(t.domainId, t.createdAt),
    index('domain_operations_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Transfers out and in (the results page): status, reason, dates and registrars. */
export const domainTransfers = pgTable(
  'domain_transfers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** TRANSFER_DIRECTIONS */
    direction: text('direction').notNull(),
    /** TRANSFER_KINDS */
    kind: text('kind').notNull(),
    /** TRANSFER_STATUSES */
    status: text('status').notNull(),
    reason: text('reason'),
    fromRegistrar: text('from_registrar'),
    toRegistrar: text('to_registrar'),
    authCodeExpiresAt: ts('auth_code_expires_at'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    requestedAt: ts('requested_at').notNull(),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('domain_transfers_user_idx').on(t.userId, t.requestedAt),
    uniqueIndex('domain_transfers_pending_uq').on(t.domain, t.direction).where(sql`${t.status} = 'pending'`),
    index('domain_transfers_expiry_idx').on(t.authCodeExpiresAt).where(sql`${t.status} = 'pending'`),
  ],
);
