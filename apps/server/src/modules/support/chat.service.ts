import { createHash, randomBytes } from 'node:crypto';
import {
  CHAT_LIMITS,
  type ChatAttachment,
  type ChatConversation,
  type ChatConversationStatus,
  type ChatHistory,
  type ChatHistoryQuery,
  type ChatMessage,
  type ChatReadState,
  type ChatSendRequest,
  type ChatSide,
  type ChatStartRequest,
  type ChatStartResult,
  isWithinSupportHours,
  type Locale,
} from '@namebourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../platform/app-context.ts';
import { type AuthUser, hasRole } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { type KeyedRateLimit, keyedRateLimit } from '../../platform/rate-limit.ts';
import type { TransitionTable } from '../../platform/transitions.ts';
import { cleanFileName, sniffImageType } from '../../platform/uploads.ts';
import { notify } from '../messages/messages.service.ts';
import {
  type Audience,
  excerptOf,
  presentAttachment,
  presentConversation,
  presentMessage,
  presentReadState,
} from './chat.presenter.ts';
import {
  type AttachmentMeta,
  type AttachmentRow,
  advanceReadMark,
  type ConversationRow,
  type ConversationView,
  findAttachment,
  findAttachmentMeta,
  findConversation,
  findConversationByTokenHash,
  findConversationView,
  findMessageByClientId,
  findUnclosedOfUser,
  findUserContact,
  insertAttachment,
  insertConversation,
  insertMessageIfAbsent,
  listMessagesAfter,
  listMessagesBefore,
  listViewsOfUser,
  lockConversation,
  lockUserChatStart,
  type MessageView,
  touchConversation,
} from './chat.repository.ts';

/**
 * The customer-service chat's rules (issue 18). Messages are stored first, then announced on the event bus
 * (ids only); every instance's hub reads them back from the database and pushes them to its sockets.
 */

/** Who acts: a signed-in user on their own conversations, a visitor on the token's one, or support staff. */
export type ChatViewer =
  | { kind: 'user'; user: AuthUser }
  | { kind: 'staff'; user: AuthUser }
  | { kind: 'visitor'; conversationId: bigint };

/** What the chat services need: the platform and the per-sender limits (created once per app). */
export interface ChatContext {
  platform: App['platform'];
  log: FastifyBaseLogger;
  limits: { send: KeyedRateLimit; attachment: KeyedRateLimit };
}

export function createChatContext(app: App): ChatContext {
  const minutes = (seconds: number) => `${Math.round(seconds / 60)} minutes`;
  return {
    platform: app.platform,
    log: app.log,
    limits: {
      send: keyedRateLimit(
        app,
        { max: CHAT_LIMITS.sendRate.max, timeWindow: minutes(CHAT_LIMITS.sendRate.windowSeconds) },
        'chat-send',
      ),
      attachment: keyedRateLimit(
        app,
        { max: CHAT_LIMITS.attachmentRate.max, timeWindow: minutes(CHAT_LIMITS.attachmentRate.windowSeconds) },
        'chat-attachment',
      ),
    },
  };
}

/** Event names on the bus; payloads carry ids only (`c` conversation, `m` message, `s` side, `u` read mark, `a` agent). */
export const CHAT_EVENTS = {
  message: 'support.chat.message',
  typing: 'support.chat.typing',
  read: 'support.chat.read',
  status: 'support.chat.status',
  queue: 'support.chat.queue',
} as const;

export const CHAT_TRANSITIONS: TransitionTable<ChatConversationStatus> = {
  waiting: ['open', 'closed'],
  open: ['closed'],
  closed: [],
};

/** Support staff: role support, and admins (who hold every role). */
export function isStaff(user: AuthUser | null): boolean {
  return hasRole(user, 'support');
}

/** The viewer a signed-in caller is on the conversation routes. */
export function viewerOf(user: AuthUser): ChatViewer {
  return isStaff(user) ? { kind: 'staff', user } : { kind: 'user', user };
}

export function audienceOf(viewer: ChatViewer): Audience {
  return viewer.kind;
}

export function sideOf(viewer: ChatViewer): ChatSide {
  return viewer.kind === 'staff' ? 'agent' : 'user';
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The visitor the token names, or Chat.VisitorTokenInvalid. */
export async function visitorViewer(ctx: ChatContext, token: string | undefined): Promise<ChatViewer> {
  if (!token || token.length < 16 || token.length > 128) throw new AppError('Chat.VisitorTokenInvalid');
  const row = await findConversationByTokenHash(ctx.platform.db, hashToken(token));
  if (!row) throw new AppError('Chat.VisitorTokenInvalid');
  return { kind: 'visitor', conversationId: row.id };
}

/** Whether the viewer may see the conversation (its user, its visitor, or support staff). */
function canSee(viewer: ChatViewer, c: ConversationRow): boolean {
  if (viewer.kind === 'staff') return true;
  if (viewer.kind === 'visitor') return c.id === viewer.conversationId;
  return c.userId === viewer.user.id;
}

/** The conversation, or Chat.ConversationNotFound when it is not there or not the viewer's. */
export async function loadConversation(ctx: ChatContext, viewer: ChatViewer, id: bigint): Promise<ConversationView> {
  const view = await findConversationView(ctx.platform.db, id);
  if (!view || !canSee(viewer, view.conversation)) throw new AppError('Chat.ConversationNotFound');
  return view;
}

export function parseId(id: string): bigint {
  return BigInt(id);
}

// ---- Starting and listing ----

export interface StartContext {
  locale: Locale;
}

/**
 * Starts a chat: a signed-in user's unclosed conversation is returned (resumed) instead of a second one; a
 * visitor always gets a new conversation and its token, once. Outside the support hours the conversation is
 * `offline`. An optional first message is stored with it.
 */
export async function startConversation(
  ctx: ChatContext,
  actor: AuthUser | null,
  input: ChatStartRequest,
  context: StartContext,
): Promise<ChatStartResult> {
  const { db, clock } = ctx.platform;
  const now = clock.now();
  let visitorToken: string | null = null;
  let conversation: ConversationRow;
  let resumed = false;
  if (actor) {
    const started = await db.transaction(async (tx) => {
      await lockUserChatStart(tx, actor.id);
      const existing = await findUnclosedOfUser(tx, actor.id);
      if (existing) return { row: existing, resumed: true };
      const contact = await findUserContact(tx, actor.id);
      const row = await insertConversation(tx, {
        userId: actor.id,
        displayName: contact?.nickname ?? actor.nickname,
        locale: context.locale,
        status: 'waiting',
        offline: !isWithinSupportHours(now),
        createdAt: now,
        lastMessageAt: now,
      });
      return { row, resumed: false };
    });
    conversation = started.row;
    resumed = started.resumed;
  } else {
    if (!input.email) throw new AppError('Chat.EmailRequired');
    const email = input.email.trim().toLowerCase();
    visitorToken = randomBytes(24).toString('base64url');
    conversation = await insertConversation(db, {
      userId: null,
      visitorEmail: email,
      visitorTokenHash: hashToken(visitorToken),
      displayName: input.name ?? email.split('@')[0] ?? email,
      locale: context.locale,
      status: 'waiting',
      offline: !isWithinSupportHours(now),
      createdAt: now,
      lastMessageAt: now,
    });
  }
  const viewer: ChatViewer = actor
    ? { kind: 'user', user: actor }
    : { kind: 'visitor', conversationId: conversation.id };
  if (input.message) {
    await sendMessage(ctx, viewer, conversation.id.toString(), {
      clientId: input.clientId ?? `start-${conversation.id}`,
      body: input.message,
    });
  } else if (!resumed) {
    await ctx.platform.events.publish(CHAT_EVENTS.queue, { c: conversation.id.toString() });
  }
  const view = await loadConversation(ctx, viewer, conversation.id);
  return { conversation: presentConversation(view, audienceOf(viewer), now), visitorToken, resumed };
}

export async function listMyConversations(ctx: ChatContext, user: AuthUser): Promise<ChatConversation[]> {
  const now = ctx.platform.clock.now();
  const views = await listViewsOfUser(ctx.platform.db, user.id, 50);
  return views.map((v) => presentConversation(v, 'user', now));
}

export async function getConversation(ctx: ChatContext, viewer: ChatViewer, id: string): Promise<ChatConversation> {
  const view = await loadConversation(ctx, viewer, parseId(id));
  return presentConversation(view, audienceOf(viewer), ctx.platform.clock.now());
}

// ---- History ----

export interface MessagesPage {
  views: MessageView[];
  hasMore: boolean;
}

/** A page of messages, oldest first: after `afterId` (exactly the ones after it), or the latest / before `beforeId`. */
export async function readMessages(
  ctx: ChatContext,
  conversationId: bigint,
  query: { afterId?: bigint | undefined; beforeId?: bigint | undefined; limit?: number | undefined },
): Promise<MessagesPage> {
  const { db } = ctx.platform;
  const limit = query.limit ?? CHAT_LIMITS.historyPageSize;
  if (query.afterId !== undefined) {
    const rows = await listMessagesAfter(db, conversationId, query.afterId, limit + 1);
    return { views: rows.slice(0, limit), hasMore: rows.length > limit };
  }
  const rows = await listMessagesBefore(db, conversationId, query.beforeId, limit + 1);
  return { views: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

export function presentMessages(
  view: { conversation: Pick<ConversationRow, 'displayName'> },
  views: MessageView[],
  audience: Audience,
): ChatMessage[] {
  return views.map((m) => presentMessage(m, view.conversation.displayName, audience));
}

export async function getHistory(
  ctx: ChatContext,
  viewer: ChatViewer,
  id: string,
  query: ChatHistoryQuery,
): Promise<ChatHistory> {
  const view = await loadConversation(ctx, viewer, parseId(id));
  const page = await readMessages(ctx, view.conversation.id, {
    afterId: query.afterId === undefined ? undefined : BigInt(query.afterId),
    beforeId: query.beforeId === undefined ? undefined : BigInt(query.beforeId),
    limit: query.limit,
  });
  const audience = audienceOf(viewer);
  return {
    conversation: presentConversation(view, audience, ctx.platform.clock.now()),
    messages: presentMessages(view, page.views, audience),
    hasMore: page.hasMore,
  };
}

// ---- Sending ----

function rateKey(viewer: ChatViewer): string {
  return viewer.kind === 'visitor' ? `visitor:${viewer.conversationId}` : `user:${viewer.user.id}`;
}

/** Refuses staff who have not claimed the conversation (only its agent speaks in it). */
function assertClaimedBy(c: ConversationRow, viewer: ChatViewer): void {
  if (viewer.kind === 'staff' && c.agentId !== viewer.user.id) throw new AppError('Chat.NotClaimed');
}

/**
 * Stores a message (once per clientId: a resend answers the stored one), then announces it. An agent's reply
 * in an offline conversation also goes to the user by e-mail and, for a signed-in user, to the message centre.
 * Users and visitors are limited to CHAT_LIMITS.sendRate (Chat.TooManyMessages).
 */
export async function sendMessage(
  ctx: ChatContext,
  viewer: ChatViewer,
  id: string,
  input: ChatSendRequest,
): Promise<ChatMessage> {
  const { db, clock, events } = ctx.platform;
  const conversationId = parseId(id);
  const body = input.body.trim();
  const result = await db.transaction(async (tx) => {
    const c = await lockConversation(tx, conversationId);
    if (!c || !canSee(viewer, c)) throw new AppError('Chat.ConversationNotFound');
    // A resend of a stored message answers it, whatever happened since (closed, limits).
    const stored = async () => {
      const again = await findMessageByClientId(tx, c.id, input.clientId);
      return again ? { conversation: c, view: again, created: false } : undefined;
    };
    if (c.status === 'closed') {
      const resent = await stored();
      if (resent) return resent;
      throw new AppError('Chat.ConversationClosed');
    }
    assertClaimedBy(c, viewer);
    if (body.length === 0 && input.attachmentId === undefined) throw new AppError('Chat.EmptyMessage');
    let attachment: AttachmentMeta | null = null;
    if (input.attachmentId !== undefined) {
      attachment = (await findAttachmentMeta(tx, c.id, BigInt(input.attachmentId))) ?? null;
      if (!attachment) throw new AppError('Chat.AttachmentNotFound');
    }
    const now = clock.now();
    const inserted = await insertMessageIfAbsent(tx, {
      conversationId: c.id,
      author: viewer.kind === 'staff' ? 'agent' : 'user',
      authorId: viewer.kind === 'visitor' ? null : viewer.user.id,
      body,
      attachmentId: attachment?.id ?? null,
      clientId: input.clientId,
      createdAt: now,
    });
    if (!inserted) {
      const resent = await stored();
      if (!resent) throw new Error('support message vanished after a clientId conflict');
      return resent;
    }
    // Counted once the message is new (a resend is free); over the limit the insert is rolled back.
    if (viewer.kind !== 'staff') {
      try {
        await ctx.limits.send.hit(rateKey(viewer));
      } catch (err) {
        const retry = (err as AppError).data as { retryAfterSeconds?: number } | null;
        throw new AppError('Chat.TooManyMessages', { data: { retryAfterSeconds: retry?.retryAfterSeconds ?? 60 } });
      }
    }
    await touchConversation(tx, c.id, now);
    if (viewer.kind === 'staff' && c.offline && c.userId !== null) {
      await notify(tx, {
        userId: c.userId,
        kind: 'support_reply',
        params: { conversationId: c.id.toString(), excerpt: excerptOf(body) || '[image]' },
        link: '/support/chat',
        dedupeKey: `support_reply:${inserted.id}`,
        now,
      });
    }
    const view: MessageView = {
      message: inserted,
      authorNickname: viewer.kind === 'staff' ? viewer.user.nickname : null,
      attachment,
    };
    return { conversation: c, view, created: true };
  });
  const { conversation: c, view, created } = result;
  if (created) {
    await events.publish(CHAT_EVENTS.message, { c: c.id.toString(), m: view.message.id.toString() });
    if (viewer.kind !== 'staff' && c.status === 'waiting')
      await events.publish(CHAT_EVENTS.queue, { c: c.id.toString() });
    if (viewer.kind === 'staff' && c.offline) await mailOfflineReply(ctx, c, view.message.body);
  }
  return presentMessage(view, c.displayName, audienceOf(viewer));
}

const MAIL_TEXT: Record<Locale, (excerpt: string) => { subject: string; text: string }> = {
  'zh-CN': (excerpt) => ({
    subject: 'NameBourse 客服回复了您的留言',
    text: `您好：\n\n您在客服工作时间以外的留言已收到客服回复：\n\n${excerpt}\n\n请打开 NameBourse 帮助中心的在线客服查看完整对话。客服工作时间：周一至周五 9:30–18:30（UTC+8）。\n\nNameBourse 客服`,
  }),
  'en-US': (excerpt) => ({
    subject: 'NameBourse customer service replied to your message',
    text: `Hello,\n\nCustomer service has replied to the message you left outside the support hours:\n\n${excerpt}\n\nOpen the customer-service chat in the NameBourse help centre to read the whole conversation. Support hours: Monday–Friday 9:30–18:30 (UTC+8).\n\nNameBourse customer service`,
  }),
};

/** The agent's reply to an offline conversation, by e-mail (the user's address, or the visitor's). */
async function mailOfflineReply(ctx: ChatContext, c: ConversationRow, body: string): Promise<void> {
  const { db, mailer } = ctx.platform;
  const to = c.userId === null ? c.visitorEmail : (await findUserContact(db, c.userId))?.email;
  if (!to) return;
  const locale: Locale = c.locale === 'en-US' ? 'en-US' : 'zh-CN';
  const reply = body.length > 0 ? body : locale === 'zh-CN' ? '[图片]' : '[image]';
  try {
    await mailer.send({ to, ...MAIL_TEXT[locale](reply) });
  } catch (err) {
    // The reply is stored and in the message centre; a failed e-mail must not undo the agent's send.
    ctx.log.warn({ err, conversationId: c.id.toString() }, 'support reply e-mail failed');
  }
}

// ---- Typing and read receipts ----

/** Announces that the viewer is typing (nothing stored). */
export async function announceTyping(ctx: ChatContext, viewer: ChatViewer, conversationId: bigint): Promise<void> {
  const c = await findConversation(ctx.platform.db, conversationId);
  if (!c || !canSee(viewer, c)) throw new AppError('Chat.ConversationNotFound');
  if (c.status === 'closed') return;
  if (viewer.kind === 'staff' && c.agentId !== viewer.user.id) return;
  await ctx.platform.events.publish(CHAT_EVENTS.typing, { c: c.id.toString(), s: sideOf(viewer) });
}

/** Moves the viewer's side's read mark up to a message (never back, never past the last message). */
export async function markRead(
  ctx: ChatContext,
  viewer: ChatViewer,
  id: string,
  upToId: string,
): Promise<ChatReadState> {
  const conversationId = parseId(id);
  const c = await findConversation(ctx.platform.db, conversationId);
  if (!c || !canSee(viewer, c)) throw new AppError('Chat.ConversationNotFound');
  assertClaimedBy(c, viewer);
  const side = sideOf(viewer);
  const before = side === 'user' ? c.userReadId : c.agentReadId;
  const marks = await advanceReadMark(ctx.platform.db, c.id, side, BigInt(upToId));
  if (!marks) throw new AppError('Chat.ConversationNotFound');
  const after = side === 'user' ? marks.userReadId : marks.agentReadId;
  if (after !== null && after !== before) {
    await ctx.platform.events.publish(CHAT_EVENTS.read, { c: c.id.toString(), s: side, u: after.toString() });
  }
  return presentReadState(c.id, marks);
}

// ---- Attachments ----

export interface ChatUpload {
  fileName: string;
  data: Buffer;
}

/** Stores an image for a later message (read by `read` after the access check): JPG/PNG by its bytes (Chat.AttachmentType), ≤ 2 MB (Chat.AttachmentTooLarge). */
export async function uploadAttachment(
  ctx: ChatContext,
  viewer: ChatViewer,
  id: string,
  read: () => Promise<ChatUpload>,
): Promise<ChatAttachment> {
  const { db, clock } = ctx.platform;
  const c = await findConversation(db, parseId(id));
  if (!c || !canSee(viewer, c)) throw new AppError('Chat.ConversationNotFound');
  if (c.status === 'closed') throw new AppError('Chat.ConversationClosed');
  assertClaimedBy(c, viewer);
  // The upload is read only once the conversation is known to be the caller's.
  const upload = await read();
  if (upload.data.length > CHAT_LIMITS.attachmentMaxBytes) throw new AppError('Chat.AttachmentTooLarge');
  const type = sniffImageType(upload.data);
  if (!type) throw new AppError('Chat.AttachmentType');
  if (viewer.kind !== 'staff') await ctx.limits.attachment.hit(rateKey(viewer));
  const fileName = cleanFileName(upload.fileName, type);
  const meta = await insertAttachment(db, {
    conversationId: c.id,
    fileName,
    contentType: type,
    sizeBytes: upload.data.length,
    data: upload.data,
    createdAt: clock.now(),
  });
  return presentAttachment(meta, audienceOf(viewer));
}

export async function readAttachment(
  ctx: ChatContext,
  viewer: ChatViewer,
  conversationId: string,
  attachmentId: string,
): Promise<AttachmentRow> {
  const c = await findConversation(ctx.platform.db, parseId(conversationId));
  if (!c || !canSee(viewer, c)) throw new AppError('Chat.ConversationNotFound');
  const row = await findAttachment(ctx.platform.db, c.id, BigInt(attachmentId));
  if (!row) throw new AppError('Chat.AttachmentNotFound');
  return row;
}
