import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { bytea } from './funds.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    /** Triage (issue 18): open until an operator replies (by e-mail) or closes it. */
    status: text('status', { enum: ['open', 'replied', 'closed'] })
      .notNull()
      .default('open'),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt), index('feedback_status_idx').on(t.status, t.createdAt)],
);

/** An operator's reply to a contact-us submission: e-mailed to the sender and kept with it. */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    feedbackId: bigint('feedback_id', { mode: 'bigint' })
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    operatorId: bigint('operator_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.createdAt)],
);

/**
 * A customer-service conversation: a signed-in user's, or a visitor's (an e-mail and a secret token).
 * waiting (nobody has claimed it) → open (an agent claimed it) → closed (with a note). Taken outside the
 * support hours it is `offline`: the reply goes by e-mail and to the message centre.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'cascade' }),
    visitorEmail: text('visitor_email'),
    /** sha256 of the visitor's conversation token (visitors have no session). */
    visitorTokenHash: text('visitor_token_hash'),
    /** The name shown to agents (nickname, or what a visitor typed). */
    displayName: text('display_name').notNull(),
    locale: text('locale').notNull(),
    status: text('status', { enum: ['waiting', 'open', 'closed'] }).notNull(),
    offline: boolean('offline').notNull().default(false),
    agentId: bigint('agent_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    claimedAt: ts('claimed_at'),
    closedAt: ts('closed_at'),
    closeNote: text('close_note'),
    /** The last message each side has read (read receipts). */
    userReadId: bigint('user_read_id', { mode: 'bigint' }),
    agentReadId: bigint('agent_read_id', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
    lastMessageAt: ts('last_message_at').notNull(),
  },
  (t) => [
    index('support_conversations_user_idx').on(t.userId, t.createdAt),
    index('support_conversations_queue_idx').on(t.status, t.lastMessageAt),
    index('support_conversations_agent_idx').on(t.agentId, t.status),
    uniqueIndex('support_conversations_token_uq').on(t.visitorTokenHash).where(sql`${t.visitorTokenHash} IS NOT NULL`),
  ],
);

/** A message in a conversation; `clientId` makes a resend after a reconnect land once. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'bigint' })
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['user', 'agent', 'system'] }).notNull(),
    authorId: bigint('author_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    attachmentId: bigint('attachment_id', { mode: 'bigint' }),
    clientId: text('client_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('support_messages_client_uq').on(t.conversationId, t.clientId).where(sql`${t.clientId} IS NOT NULL`),
  ],
);

/** An image sent in a chat (JPG/PNG ≤ 2 MB, checked by its bytes). */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'bigint' })
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('support_attachments_conversation_idx').on(t.conversationId)],
);
