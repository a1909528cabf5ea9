import {
  type ChatAccountSummary,
  type ChatAttachment,
  type ChatConversation,
  type ChatMessage,
  type ChatQueueItem,
  type ChatReadState,
  isWithinSupportHours,
  type Locale,
} from '@namebourse/contract';
import type { Balances } from '../ledger/ledger.service.ts';
import type {
  AttachmentMeta,
  ConversationRow,
  ConversationView,
  MessageView,
  QueueRow,
  SummaryUserRow,
} from './chat.repository.ts';

/**
 * Who looks at a conversation: its user (signed in), its visitor (by token), or support staff.
 * Attachment links differ (a visitor's go through the token route) and only staff see the closing note.
 */
export type Audience = 'user' | 'visitor' | 'staff';

const EXCERPT_CHARS = 80;

function idOrNull(id: bigint | null): string | null {
  return id === null ? null : id.toString();
}

function asLocale(value: string): Locale {
  return value === 'en-US' ? 'en-US' : 'zh-CN';
}

export function presentAttachment(row: AttachmentMeta, audience: Audience): ChatAttachment {
  const id = row.id.toString();
  const conversationId = row.conversationId.toString();
  return {
    attachmentId: id,
    conversationId,
    fileName: row.fileName,
    contentType: row.contentType === 'image/png' ? 'image/png' : 'image/jpeg',
    sizeBytes: row.sizeBytes,
    url:
      audience === 'visitor'
        ? `/api/support/visitor/attachments/${id}`
        : `/api/support/conversations/${conversationId}/attachments/${id}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message row (with its author and attachment) → ChatMessage; `displayName` names the user's side. */
export function presentMessage(view: MessageView, displayName: string, audience: Audience): ChatMessage {
  const { message } = view;
  const authorName = message.author === 'user' ? displayName : message.author === 'agent' ? view.authorNickname : null;
  return {
    messageId: message.id.toString(),
    conversationId: message.conversationId.toString(),
    author: message.author,
    authorName,
    body: message.body,
    attachment: view.attachment?.id ? presentAttachment(view.attachment, audience) : null,
    clientId: message.clientId,
    createdAt: message.createdAt.toISOString(),
  };
}

export function presentConversation(view: ConversationView, audience: Audience, now: Date): ChatConversation {
  const c = view.conversation;
  return {
    conversationId: c.id.toString(),
    status: c.status,
    offline: c.offline,
    withinSupportHours: isWithinSupportHours(now),
    displayName: c.displayName,
    visitor: c.userId === null,
    agentName: view.agentName,
    locale: asLocale(c.locale),
    userReadId: idOrNull(c.userReadId),
    agentReadId: idOrNull(c.agentReadId),
    createdAt: c.createdAt.toISOString(),
    lastMessageAt: c.lastMessageAt.toISOString(),
    claimedAt: c.claimedAt?.toISOString() ?? null,
    closedAt: c.closedAt?.toISOString() ?? null,
    closeNote: audience === 'staff' ? c.closeNote : null,
  };
}

export function presentReadState(
  conversationId: bigint,
  marks: Pick<ConversationRow, 'userReadId' | 'agentReadId'>,
): ChatReadState {
  return {
    conversationId: conversationId.toString(),
    userReadId: idOrNull(marks.userReadId),
    agentReadId: idOrNull(marks.agentReadId),
  };
}

/** The first characters of a message, on one line. */
export function excerptOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 1)}…` : line;
}

export function presentQueueItem(row: QueueRow, now: Date): ChatQueueItem {
  const c = row.conversation;
  const body = row.lastMessageBody ?? '';
  return {
    conversationId: c.id.toString(),
    status: c.status,
    offline: c.offline,
    displayName: c.displayName,
    visitor: c.userId === null,
    accountNo: row.userAccountNo,
    email: c.userId === null ? c.visitorEmail : row.userEmail,
    locale: asLocale(c.locale),
    agentName: row.agentName,
    lastMessageExcerpt: body === '' && row.lastMessageHasAttachment ? '[image]' : excerptOf(body),
    lastMessageAt: c.lastMessageAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
    waitingSeconds: Math.max(0, Math.floor((now.getTime() - c.createdAt.getTime()) / 1000)),
    unreadCount: Number(row.unreadCount),
  };
}

export function presentSummary(
  conversation: ConversationRow,
  user: SummaryUserRow | undefined,
  extra: { balances: Balances; recentOrdersCount: number; previousConversations: number } | undefined,
): ChatAccountSummary {
  return {
    conversationId: conversation.id.toString(),
    displayName: conversation.displayName,
    email: user?.email ?? conversation.visitorEmail,
    account:
      user && extra
        ? {
            accountNo: user.accountNo,
            nickname: user.nickname,
            email: user.email,
            registeredAt: user.createdAt.toISOString(),
            balances: {
              availableCents: extra.balances.availableCents,
              frozenCents: extra.balances.frozenCents,
              earningsCents: extra.balances.earningsCents,
            },
            recentOrdersCount: extra.recentOrdersCount,
            previousConversations: extra.previousConversations,
          }
        : null,
  };
}
