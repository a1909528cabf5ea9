import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { orders, supportAttachments, supportConversations, supportMessages, users } from '../../db/schema/index.ts';

/**
 * The only file with SQL for the customer-service chat (support_conversations, support_messages,
 * support_attachments). It reads, never writes, the users a conversation names (display names, the
 * account summary) and counts the user's recent orders.
 */

export type ConversationRow = typeof supportConversations.$inferSelect;
export type NewConversationRow = typeof supportConversations.$inferInsert;
export type MessageRow = typeof supportMessages.$inferSelect;
export type NewMessageRow = typeof supportMessages.$inferInsert;
export type AttachmentRow = typeof supportAttachments.$inferSelect;
export type NewAttachmentRow = typeof supportAttachments.$inferInsert;
/** An attachment without its bytes (what messages show). */
export type AttachmentMeta = Omit<AttachmentRow, 'data'>;

/** A conversation with the names and addresses its presentation needs. */
export interface ConversationView {
  conversation: ConversationRow;
  agentName: string | null;
  userAccountNo: string | null;
  userEmail: string | null;
}

/** A message with its author's nickname (agents) and its attachment's metadata. */
export interface MessageView {
  message: MessageRow;
  authorNickname: string | null;
  attachment: AttachmentMeta | null;
}

export interface QueueRow extends ConversationView {
  lastMessageBody: string | null;
  lastMessageHasAttachment: boolean;
  unreadCount: number;
}

const agent = alias(users, 'chat_agent');
const owner = alias(users, 'chat_owner');
const author = alias(users, 'chat_author');

const attachmentMeta = {
  id: supportAttachments.id,
  conversationId: supportAttachments.conversationId,
  fileName: supportAttachments.fileName,
  contentType: supportAttachments.contentType,
  sizeBytes: supportAttachments.sizeBytes,
  createdAt: supportAttachments.createdAt,
};

function viewQuery(db: DbOrTx) {
  return db
    .select({
      conversation: supportConversations,
      agentName: agent.nickname,
      userAccountNo: owner.accountNo,
      userEmail: owner.email,
    })
    .from(supportConversations)
    .leftJoin(agent, eq(agent.id, supportConversations.agentId))
    .leftJoin(owner, eq(owner.id, supportConversations.userId));
}

// ---- Conversations ----

export async function insertConversation(db: DbOrTx, row: NewConversationRow): Promise<ConversationRow> {
  const [inserted] = await db.insert(supportConversations).values(row).returning();
  if (!inserted) throw new Error('support conversation insert returned nothing');
  return inserted;
}

export async function findConversationView(db: DbOrTx, id: bigint): Promise<ConversationView | undefined> {
  const rows = await viewQuery(db).where(eq(supportConversations.id, id)).limit(1);
  return rows[0];
}

export async function findConversation(db: DbOrTx, id: bigint): Promise<ConversationRow | undefined> {
  const rows = await db.select().from(supportConversations).where(eq(supportConversations.id, id)).limit(1);
  return rows[0];
}

/** Locks the conversation row for the rest of the transaction. */
export async function lockConversation(tx: Tx, id: bigint): Promise<ConversationRow | undefined> {
  const rows = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
  return rows[0];
}

export async function findConversationByTokenHash(db: DbOrTx, hash: string): Promise<ConversationRow | undefined> {
  const rows = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.visitorTokenHash, hash))
    .limit(1);
  return rows[0];
}

/** Serialises starting a chat for one user until the transaction ends (two tabs at once get one conversation). */
export async function lockUserChatStart(tx: Tx, userId: bigint): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support-chat-start:${userId}`}))`);
}

/** The user's newest conversation that is not closed. */
export async function findUnclosedOfUser(db: DbOrTx, userId: bigint): Promise<ConversationRow | undefined> {
  const rows = await db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.userId, userId), ne(supportConversations.status, 'closed')))
    .orderBy(desc(supportConversations.id))
    .limit(1);
  return rows[0];
}

export function listViewsOfUser(db: DbOrTx, userId: bigint, limit: number): Promise<ConversationView[]> {
  return viewQuery(db)
    .where(eq(supportConversations.userId, userId))
    .orderBy(desc(supportConversations.id))
    .limit(limit);
}

/** Moves a waiting conversation to the agent; undefined when it was not waiting any more (another agent won). */
export async function claimIfWaiting(
  db: DbOrTx,
  id: bigint,
  agentId: bigint,
  now: Date,
): Promise<ConversationRow | undefined> {
  const rows = await db
    .update(supportConversations)
    .set({ status: 'open', agentId, claimedAt: now })
    .where(and(eq(supportConversations.id, id), eq(supportConversations.status, 'waiting')))
    .returning();
  return rows[0];
}

/** Closes a conversation that is still in `from`; undefined when it moved meanwhile. */
export async function closeIfIn(
  db: DbOrTx,
  id: bigint,
  from: ConversationRow['status'],
  note: string,
  now: Date,
): Promise<ConversationRow | undefined> {
  const rows = await db
    .update(supportConversations)
    .set({ status: 'closed', closedAt: now, closeNote: note })
    .where(and(eq(supportConversations.id, id), eq(supportConversations.status, from)))
    .returning();
  return rows[0];
}

export async function touchConversation(db: DbOrTx, id: bigint, now: Date): Promise<void> {
  await db
    .update(supportConversations)
    .set({ lastMessageAt: sql`greatest(${supportConversations.lastMessageAt}, ${now})` })
    .where(eq(supportConversations.id, id));
}

/**
 * Moves a side's read mark forward to `upToId`, never past the conversation's last message and never back.
 * Returns the conversation's read marks afterwards.
 */
export async function advanceReadMark(
  db: DbOrTx,
  id: bigint,
  side: 'user' | 'agent',
  upToId: bigint,
): Promise<Pick<ConversationRow, 'userReadId' | 'agentReadId'> | undefined> {
  const column = side === 'user' ? supportConversations.userReadId : supportConversations.agentReadId;
  const lastId = sql`(select max(${supportMessages.id}) from ${supportMessages} where ${supportMessages.conversationId} = ${id})`;
  const next = sql`nullif(greatest(coalesce(${column}, 0), least(${upToId}::bigint, coalesce(${lastId}, 0))), 0)`;
  const rows = await db
    .update(supportConversations)
    .set(side === 'user' ? { userReadId: next } : { agentReadId: next })
    .where(eq(supportConversations.id, id))
    .returning({ userReadId: supportConversations.userReadId, agentReadId: supportConversations.agentReadId });
  return rows[0];
}

/** Waiting conversations, longest waiting first. */
export function listWaiting(db: DbOrTx, limit: number): Promise<QueueRow[]> {
  return baseQueue(db)
    .where(eq(supportConversations.status, 'waiting'))
    .orderBy(asc(supportConversations.createdAt), asc(supportConversations.id))
    .limit(limit);
}

/** An agent's conversations in a status, most recent activity first. */
export function listOfAgent(
  db: DbOrTx,
  agentId: bigint,
  status: 'open' | 'closed',
  limit: number,
): Promise<QueueRow[]> {
  return baseQueue(db)
    .where(and(eq(supportConversations.agentId, agentId), eq(supportConversations.status, status)))
    .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
    .limit(limit);
}

function baseQueue(db: DbOrTx) {
  return db
    .select({
      conversation: supportConversations,
      agentName: agent.nickname,
      userAccountNo: owner.accountNo,
      userEmail: owner.email,
      lastMessageBody: sql<
        string | null
      >`(select m.body from support_messages m where m.conversation_id = ${supportConversations.id} order by m.id desc limit 1)`,
      lastMessageHasAttachment: sql<boolean>`coalesce((select m.attachment_id is not null from support_messages m where m.conversation_id = ${supportConversations.id} order by m.id desc limit 1), false)`,
      unreadCount: sql<number>`(select count(*)::int from support_messages m where m.conversation_id = ${supportConversations.id} and m.author = 'user' and m.id > coalesce(${supportConversations.agentReadId}, 0))`,
    })
    .from(supportConversations)
    .leftJoin(agent, eq(agent.id, supportConversations.agentId))
    .leftJoin(owner, eq(owner.id, supportConversations.userId));
}

/** Ids of the conversations an agent holds open (what their chat socket joins). */
export async function openIdsOfAgent(db: DbOrTx, agentId: bigint): Promise<bigint[]> {
  const rows = await db
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(and(eq(supportConversations.agentId, agentId), eq(supportConversations.status, 'open')));
  return rows.map((r) => r.id);
}

// ---- Messages ----

/** Inserts a message; undefined when the conversation already has one with its clientId (a resend). */
export async function insertMessageIfAbsent(db: DbOrTx, row: NewMessageRow): Promise<MessageRow | undefined> {
  const rows = await db.insert(supportMessages).values(row).onConflictDoNothing().returning();
  return rows[0];
}

function messageViewQuery(db: DbOrTx) {
  return db
    .select({ message: supportMessages, authorNickname: author.nickname, attachment: attachmentMeta })
    .from(supportMessages)
    .leftJoin(author, eq(author.id, supportMessages.authorId))
    .leftJoin(
      supportAttachments,
      and(
        eq(supportAttachments.id, supportMessages.attachmentId),
        eq(supportAttachments.conversationId, supportMessages.conversationId),
      ),
    );
}

export async function findMessageView(db: DbOrTx, id: bigint): Promise<MessageView | undefined> {
  const rows = await messageViewQuery(db).where(eq(supportMessages.id, id)).limit(1);
  return rows[0];
}

export async function findMessageByClientId(
  db: DbOrTx,
  conversationId: bigint,
  clientId: string,
): Promise<MessageView | undefined> {
  const rows = await messageViewQuery(db)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.clientId, clientId)))
    .limit(1);
  return rows[0];
}

/** Messages after `afterId`, oldest first (at most `limit`). */
export function listMessagesAfter(
  db: DbOrTx,
  conversationId: bigint,
  afterId: bigint,
  limit: number,
): Promise<MessageView[]> {
  return messageViewQuery(db)
    .where(and(eq(supportMessages.conversationId, conversationId), gt(supportMessages.id, afterId)))
    .orderBy(asc(supportMessages.id))
    .limit(limit);
}

/** The newest messages (before `beforeId` when given), newest first (at most `limit`). */
export function listMessagesBefore(
  db: DbOrTx,
  conversationId: bigint,
  beforeId: bigint | undefined,
  limit: number,
): Promise<MessageView[]> {
  const where =
    beforeId === undefined
      ? eq(supportMessages.conversationId, conversationId)
      : and(eq(supportMessages.conversationId, conversationId), lt(supportMessages.id, beforeId));
  return messageViewQuery(db).where(where).orderBy(desc(supportMessages.id)).limit(limit);
}

// ---- Attachments ----

export async function insertAttachment(db: DbOrTx, row: NewAttachmentRow): Promise<AttachmentMeta> {
  const [inserted] = await db.insert(supportAttachments).values(row).returning(attachmentMeta);
  if (!inserted) throw new Error('support attachment insert returned nothing');
  return inserted;
}

export async function findAttachmentMeta(
  db: DbOrTx,
  conversationId: bigint,
  id: bigint,
): Promise<AttachmentMeta | undefined> {
  const rows = await db
    .select(attachmentMeta)
    .from(supportAttachments)
    .where(and(eq(supportAttachments.id, id), eq(supportAttachments.conversationId, conversationId)))
    .limit(1);
  return rows[0];
}

export async function findAttachment(
  db: DbOrTx,
  conversationId: bigint,
  id: bigint,
): Promise<AttachmentRow | undefined> {
  const rows = await db
    .select()
    .from(supportAttachments)
    .where(and(eq(supportAttachments.id, id), eq(supportAttachments.conversationId, conversationId)))
    .limit(1);
  return rows[0];
}

// ---- The user beside the chat ----

export interface SummaryUserRow {
  id: bigint;
  accountNo: string;
  nickname: string;
  email: string;
  createdAt: Date;
}

export async function findSummaryUser(db: DbOrTx, userId: bigint): Promise<SummaryUserRow | undefined> {
  const rows = await db
    .select({
      id: users.id,
      accountNo: users.accountNo,
      nickname: users.nickname,
      email: users.email,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function countOrdersSince(db: DbOrTx, userId: bigint, since: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), sql`${orders.createdAt} >= ${since}`));
  return Number(rows[0]?.n ?? 0);
}

export async function countConversationsOfUserBefore(db: DbOrTx, userId: bigint, beforeId: bigint): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportConversations)
    .where(and(eq(supportConversations.userId, userId), lt(supportConversations.id, beforeId)));
  return Number(rows[0]?.n ?? 0);
}

/** A user's nickname and e-mail (a signed-in user starting a chat). */
export async function findUserContact(
  db: DbOrTx,
  userId: bigint,
): Promise<{ nickname: string; email: string } | undefined> {
  const rows = await db
    .select({ nickname: users.nickname, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}
