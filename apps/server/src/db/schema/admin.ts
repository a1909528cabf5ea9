import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * Who changed what and when: every status change made by an operator or by a user on a reviewed
 * entity (payees, settlements, orders, adjustments). Written in the same transaction as the change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    reason: text('reason'),
    /** Null for the system (the sweeper). */
    actorId: bigint('actor_id', { mode: 'bigint' }),
    actorRole: text('actor_role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The parameters store (issue 18): one row per business number an operator has set; a key without a row
 * has the contract's default (PARAMETERS in packages/contract/src/parameters.ts).
 */
export const parameters = pgTable('parameters', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** The operator who set it. */
  updatedBy: bigint('updated_by', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
});

/** Every change of a parameter: who set what, when and why (its history; also written to the audit log). */
export const parameterChanges = pgTable(
  'parameter_changes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    oldValue: jsonb('old_value').notNull(),
    newValue: jsonb('new_value').notNull(),
    reason: text('reason').notNull(),
    actorId: bigint('actor_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('parameter_changes_key_idx').on(t.key, t.createdAt)],
);

/** An operator's restriction of an account: the scopes refused, why, until when; lifting it is recorded. */
export const accountRestrictions = pgTable(
  'account_restrictions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Subset of RESTRICTION_SCOPES: bid, buy, list, settle, api, signin. */
    scopes: text('scopes').array().notNull(),
    reason: text('reason').notNull(),
    /** Null: until lifted. */
    until: ts('until'),
    createdBy: bigint('created_by', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    liftedAt: ts('lifted_at'),
    liftedBy: bigint('lifted_by', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
  },
  (t) => [index('account_restrictions_active_idx').on(t.userId).where(sql`${t.liftedAt} IS NULL`)],
);

/** Which operator has taken an item of a review queue (listings, payees, settlements, feedback). */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    queue: text('queue').notNull(),
    entityId: text('entity_id').notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: ts('assigned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.entityId] }), index('review_assignments_operator_idx').on(t.operatorId)],
);

/** A partner's lot file (uploaded, or dropped in FEED_DROP_DIR) imported at a set time, with its report. */
export const feedImports = pgTable(
  'feed_imports',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    fileName: text('file_name').notNull(),
    source: text('source', { enum: ['upload', 'folder'] }).notNull(),
    /** The file's text (CSV as the lot form's import takes it). */
    content: text('content').notNull(),
    /** The same file (by content) is imported once. */
    sha256: text('sha256').notNull(),
    scheduledAt: ts('scheduled_at').notNull(),
    status: text('status', { enum: ['scheduled', 'running', 'done', 'failed', 'cancelled'] }).notNull(),
    /** { created, duplicates: [{ row, domain }], refused: [{ row, domain, code, message }] } once run. */
    report: jsonb('report'),
    createdBy: bigint('created_by', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('feed_imports_sha_uq').on(t.sha256),
    index('feed_imports_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

/** Help-centre announcements written by operators, in both languages (Markdown), scheduled and published. */
export const announcements = pgTable(
  'announcements',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    slug: text('slug').notNull().unique(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    summaryZh: text('summary_zh').notNull(),
    summaryEn: text('summary_en').notNull(),
    bodyZh: text('body_zh').notNull(),
    bodyEn: text('body_en').notNull(),
    status: text('status', { enum: ['draft', 'scheduled', 'published', 'withdrawn'] }).notNull(),
    /** When it appears (scheduled) or appeared (published). */
    publishAt: ts('publish_at'),
    createdBy: bigint('created_by', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    updatedBy: bigint('updated_by', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('announcements_publish_idx').on(t.status, t.publishAt)],
);
