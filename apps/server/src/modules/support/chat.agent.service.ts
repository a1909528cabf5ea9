import type { ChatAccountSummary, ChatConversation, ChatQueueItem } from '@namebourse/contract';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { presentQueueItem, presentSummary } from './chat.presenter.ts';
import {
  claimIfWaiting,
  closeIfIn,
  countConversationsOfUserBefore,
  countOrdersSince,
  findConversation,
  findSummaryUser,
  listOfAgent,
  listWaiting,
  lockConversation,
} from './chat.repository.ts';
import {
  CHAT_EVENTS,
  CHAT_TRANSITIONS,
  type ChatContext,
  getConversation,
  loadConversation,
  parseId,
} from './chat.service.ts';

/**
 * The agents' side of the customer-service chat (role support, admins too): the queue, their conversations,
 * claim, close with a note, and the customer's account summary beside the chat.
 */

const QUEUE_LIMIT = 200;

export async function listQueue(ctx: ChatContext): Promise<ChatQueueItem[]> {
  const now = ctx.platform.clock.now();
  return (await listWaiting(ctx.platform.db, QUEUE_LIMIT)).map((r) => presentQueueItem(r, now));
}

export async function listAgentConversations(
  ctx: ChatContext,
  agent: AuthUser,
  status: 'open' | 'closed',
): Promise<ChatQueueItem[]> {
  const now = ctx.platform.clock.now();
  return (await listOfAgent(ctx.platform.db, agent.id, status, QUEUE_LIMIT)).map((r) => presentQueueItem(r, now));
}

/**
 * Claims a waiting conversation for the agent: one conditional update, so of two agents claiming at once
 * exactly one wins and the other gets Chat.AlreadyClaimed. Claiming one's own again answers it unchanged.
 */
export async function claimConversation(ctx: ChatContext, agent: AuthUser, id: string): Promise<ChatConversation> {
  const { db, clock, events } = ctx.platform;
  const conversationId = parseId(id);
  const now = clock.now();
  const claimed = await db.transaction(async (tx) => {
    const row = await claimIfWaiting(tx, conversationId, agent.id, now);
    if (!row) return undefined;
    await recordAudit(tx, {
      entityType: 'support_conversation',
      entityId: row.id.toString(),
      action: 'claim',
      fromStatus: 'waiting',
      toStatus: 'open',
      actor: agent,
      now,
    });
    return row;
  });
  if (!claimed) {
    const current = await findConversation(db, conversationId);
    if (!current) throw new AppError('Chat.ConversationNotFound');
    if (current.status === 'closed') throw new AppError('Chat.ConversationClosed');
    if (current.agentId !== agent.id) throw new AppError('Chat.AlreadyClaimed');
  } else {
    await events.publish(CHAT_EVENTS.status, { c: claimed.id.toString(), a: agent.id.toString() });
    await events.publish(CHAT_EVENTS.queue, { c: claimed.id.toString() });
  }
  return getConversation(ctx, { kind: 'staff', user: agent }, id);
}

/** Closes a conversation with a note: its agent (or an admin, or any staff while it still waits). */
export async function closeConversation(
  ctx: ChatContext,
  agent: AuthUser,
  id: string,
  note: string,
): Promise<ChatConversation> {
  const { db, clock, events } = ctx.platform;
  const conversationId = parseId(id);
  const now = clock.now();
  const closed = await db.transaction(async (tx) => {
    const c = await lockConversation(tx, conversationId);
    if (!c) throw new AppError('Chat.ConversationNotFound');
    if (c.status === 'closed') throw new AppError('Chat.ConversationClosed');
    if (c.status === 'open' && c.agentId !== agent.id && agent.role !== 'admin') throw new AppError('Chat.NotClaimed');
    assertTransition(CHAT_TRANSITIONS, c.status, 'closed', 'Chat.ConversationClosed');
    const row = await closeIfIn(tx, c.id, c.status, note, now);
    if (!row) throw new AppError('Chat.ConversationClosed');
    await recordAudit(tx, {
      entityType: 'support_conversation',
      entityId: row.id.toString(),
      action: 'close',
      fromStatus: c.status,
      toStatus: 'closed',
      reason: note,
      actor: agent,
      now,
    });
    return { row, from: c.status };
  });
  await events.publish(CHAT_EVENTS.status, { c: closed.row.id.toString() });
  if (closed.from === 'waiting') await events.publish(CHAT_EVENTS.queue, { c: closed.row.id.toString() });
  return getConversation(ctx, { kind: 'staff', user: agent }, id);
}

const RECENT_ORDERS_DAYS = 30;

/** The user beside the chat: account, balances, recent orders, earlier conversations (a visitor: e-mail and name). */
export async function accountSummary(ctx: ChatContext, agent: AuthUser, id: string): Promise<ChatAccountSummary> {
  const { db, clock } = ctx.platform;
  const view = await loadConversation(ctx, { kind: 'staff', user: agent }, parseId(id));
  const c = view.conversation;
  if (c.userId === null) return presentSummary(c, undefined, undefined);
  const user = await findSummaryUser(db, c.userId);
  if (!user) return presentSummary(c, undefined, undefined);
  const since = new Date(clock.now().getTime() - RECENT_ORDERS_DAYS * 86_400_000);
  const [balances, recentOrdersCount, previousConversations] = await Promise.all([
    getBalances(db, user.id),
    countOrdersSince(db, user.id, since),
    countConversationsOfUserBefore(db, user.id, c.id),
  ]);
  return presentSummary(c, user, { balances, recentOrdersCount, previousConversations });
}
