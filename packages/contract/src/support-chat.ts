import { z } from 'zod';
import { rowIdText } from './row-id.ts';
import {
  CHAT_ATTACHMENT_TYPES,
  CHAT_AUTHORS,
  CHAT_CONVERSATION_STATUSES,
  CHAT_LIMITS,
  CHAT_SIDES,
} from './support-chat.values.ts';

export * from './support-chat.values.ts';

/**
 * The customer-service chat (issue 18; API.md Support). Users, visitors and agents use the same conversation
 * routes; agents (role `support`, admins too) also have the queue, claim, close and the account summary.
 *
 * HTTP (all under /api). Signed-in users (and agents, on any conversation) name the conversation in the path:
 * - POST /support/conversations — start a chat (or get the caller's unclosed one): ChatStartRequest → ChatStartResult.
 *   Public: a visitor (not signed in) gives email (+ name) and receives `visitorToken` ONCE.
 * - GET /support/conversations — the signed-in user's conversations, newest first → ChatConversation[].
 * - GET /support/conversations/:conversationId — one conversation → ChatConversation.
 * - GET /support/conversations/:conversationId/messages?afterId=&beforeId=&limit= → ChatHistory (oldest first).
 *   `afterId`: exactly the messages after it (a reconnect); `beforeId`: an older page; neither: the latest page.
 * - POST /support/conversations/:conversationId/messages — ChatSendRequest → ChatMessage. The same `clientId`
 *   again answers the message stored the first time (a resend after a reconnect lands once).
 * - POST /support/conversations/:conversationId/read — ChatReadRequest → ChatReadState.
 * - POST /support/conversations/:conversationId/attachments — multipart, one file field `file` (JPG/PNG ≤ 2 MB,
 *   checked by its bytes) → ChatAttachment; then send a message with its `attachmentId`.
 * - GET /support/conversations/:conversationId/attachments/:attachmentId — the image bytes (its user and support staff only).
 * Visitors: the token names the conversation (header CHAT_VISITOR_TOKEN_HEADER; query `token` where a browser
 * cannot set headers: the WebSocket URL and image links); same bodies and answers as above:
 * - GET /support/visitor/conversation → ChatConversation
 * - GET /support/visitor/messages?afterId=&beforeId=&limit= → ChatHistory
 * - POST /support/visitor/messages → ChatMessage
 * - POST /support/visitor/read → ChatReadState
 * - POST /support/visitor/attachments (multipart `file`) → ChatAttachment
 * - GET /support/visitor/attachments/:attachmentId?token=… → the image bytes
 * Attachment `url`s are relative to the viewer: a visitor's point at /support/visitor/attachments/:id (append
 * `?token=`), everyone else's at /support/conversations/:conversationId/attachments/:id.
 * Agents (role support or admin):
 * - GET /admin/support/queue — waiting conversations, longest waiting first → { items: ChatQueueItem[] }.
 * - GET /admin/support/conversations?status=open|closed — the agent’s claimed conversations → { items: ChatQueueItem[] }.
 * - POST /admin/support/conversations/:conversationId/claim — → ChatConversation (Chat.AlreadyClaimed when another agent won).
 * - POST /admin/support/conversations/:conversationId/close — ChatCloseRequest → ChatConversation.
 * - GET /admin/support/conversations/:conversationId/summary — → ChatAccountSummary (the user beside the chat).
 * Agents read and send through the /support/conversations/:conversationId/… routes above (once they claimed it).
 *
 * WebSocket GET /api/support/chat[?conversationId=…][&afterId=…][&token=…]: a user or visitor joins one conversation (the
 * given one, else their latest unclosed one) and first receives a `history` frame; an agent joins every
 * conversation they have claimed (and the ones they claim later) and receives `queue` frames when the queue
 * changes. Frames are JSON text: client → server ChatClientFrame, server → client ChatServerFrame.
 * The upgrade request authenticates like any request (the session cookie; a visitor's `token` in the query) and
 * must come from the site's own origin (Sec-Fetch-Site / Origin, as the CSRF rules for a state-changing GET):
 * refused upgrades answer HTTP 401/403/404 before the switch. After a drop, reconnect and send
 * `{ type: 'resume', afterId: <last message id seen> }` (or connect with `?afterId=`), then resend unacknowledged
 * `send`s with the same clientId. Each socket receives each message once (a resend already delivered is not
 * repeated: its clientId is in the history). Keep one message per messageId on the page regardless.
 * Only the claiming agent sends in a conversation (Chat.NotClaimed otherwise); any support staff may read it.
 */

const idString = rowIdText();
const isoTime = z.string();

// ---- Conversations and messages ----

export const ChatAttachmentSchema = z.object({
  attachmentId: z.string(),
  conversationId: z.string(),
  fileName: z.string(),
  contentType: z.enum(CHAT_ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  /** Relative URL of the image (a visitor appends `?token=`). */
  url: z.string(),
  createdAt: isoTime,
});
export type ChatAttachment = z.infer<typeof ChatAttachmentSchema>;

export const ChatMessageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  author: z.enum(CHAT_AUTHORS),
  /** The user's display name, the agent's nickname, or null for system lines. */
  authorName: z.string().nullable(),
  body: z.string(),
  attachment: ChatAttachmentSchema.nullable(),
  /** The sender's id for this message (null for agents' and system lines sent without one). */
  clientId: z.string().nullable(),
  createdAt: isoTime,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatConversationSchema = z.object({
  conversationId: z.string(),
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  /** Started outside the support hours: the reply goes by e-mail (and to the message centre). */
  offline: z.boolean(),
  /** Whether now is within SUPPORT_HOURS (by the server's clock). */
  withinSupportHours: z.boolean(),
  displayName: z.string(),
  /** True for a visitor's (not signed in) conversation. */
  visitor: z.boolean(),
  /** The claiming agent's nickname, once claimed. */
  agentName: z.string().nullable(),
  locale: z.enum(['zh-CN', 'en-US']),
  /** Read receipts: the last message id each side has read (null: none). */
  userReadId: z.string().nullable(),
  agentReadId: z.string().nullable(),
  createdAt: isoTime,
  lastMessageAt: isoTime,
  claimedAt: isoTime.nullable(),
  closedAt: isoTime.nullable(),
  /** The agent's closing note: shown to support staff only (null for the user). */
  closeNote: z.string().nullable(),
});
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

export const ChatConversationParamsSchema = z.object({ conversationId: idString });
export const ChatAttachmentParamsSchema = z.object({ conversationId: idString, attachmentId: idString });
export const ChatVisitorAttachmentParamsSchema = z.object({ attachmentId: idString });
/** GET /support/visitor/attachments/:attachmentId: the token may come in the query (an <img> cannot send headers). */
export const ChatVisitorTokenQuerySchema = z.object({ token: z.string().max(128).optional() });
/** The WebSocket URL's query: which conversation to join (users), the visitor token. */
export const ChatSocketQuerySchema = z.object({
  conversationId: idString.optional(),
  /** Reconnecting: the first history frame holds exactly the messages after this id (`resumed: true`). */
  afterId: idString.optional(),
  token: z.string().max(128).optional(),
});

/** POST /support/conversations. A signed-in user sends nothing (or a first message); a visitor gives email (+ name). */
export const ChatStartRequestSchema = z.object({
  email: z.email().max(CHAT_LIMITS.emailMax).optional(),
  name: z.string().trim().min(1).max(CHAT_LIMITS.nameMax).optional(),
  /** An optional first message, stored with the conversation. */
  message: z.string().trim().min(1).max(CHAT_LIMITS.bodyMax).optional(),
  clientId: z.string().min(1).max(CHAT_LIMITS.clientIdMax).optional(),
});
export type ChatStartRequest = z.infer<typeof ChatStartRequestSchema>;
export const ChatStartResultSchema = z.object({
  conversation: ChatConversationSchema,
  /** A visitor's secret: returned only when the conversation is created; keep it (sessionStorage) to come back. */
  visitorToken: z.string().nullable(),
  /** True when the caller's unclosed conversation was returned instead of a new one. */
  resumed: z.boolean(),
});
export type ChatStartResult = z.infer<typeof ChatStartResultSchema>;

export const ChatHistoryQuerySchema = z.object({
  afterId: idString.optional(),
  beforeId: idString.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.historyPageMax).optional(),
});
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuerySchema>;
export const ChatHistorySchema = z.object({
  conversation: ChatConversationSchema,
  /** Oldest first. */
  messages: z.array(ChatMessageSchema),
  /** More messages exist beyond this page (after the last for afterId; before the first otherwise). */
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof ChatHistorySchema>;

const bodySchema = z.string().trim().max(CHAT_LIMITS.bodyMax, 'tooLong');
const clientIdSchema = z.string().min(1, 'required').max(CHAT_LIMITS.clientIdMax);

/**
 * A message: body and/or an attachment (uploaded first); neither → Chat.EmptyMessage. `clientId`: any unique
 * string the sender makes (a UUID).
 */
export const ChatSendRequestSchema = z.object({
  clientId: clientIdSchema,
  body: bodySchema.default(''),
  attachmentId: idString.optional(),
});
export type ChatSendRequest = z.infer<typeof ChatSendRequestSchema>;

export const ChatReadRequestSchema = z.object({ upToId: idString });
export type ChatReadRequest = z.infer<typeof ChatReadRequestSchema>;
export const ChatReadStateSchema = z.object({
  conversationId: z.string(),
  userReadId: z.string().nullable(),
  agentReadId: z.string().nullable(),
});
export type ChatReadState = z.infer<typeof ChatReadStateSchema>;

// ---- Agents ----

export const ChatQueueItemSchema = z.object({
  conversationId: z.string(),
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  offline: z.boolean(),
  displayName: z.string(),
  visitor: z.boolean(),
  /** The user's account number (null for a visitor). */
  accountNo: z.string().nullable(),
  /** The user's or visitor's e-mail. */
  email: z.string().nullable(),
  locale: z.enum(['zh-CN', 'en-US']),
  agentName: z.string().nullable(),
  /** The last message's first characters ('' when none). */
  lastMessageExcerpt: z.string(),
  lastMessageAt: isoTime,
  createdAt: isoTime,
  /** Seconds since the conversation started waiting (since it was created), by the server clock. */
  waitingSeconds: z.number().int().nonnegative(),
  /** Messages from the user the agent has not read yet. */
  unreadCount: z.number().int().nonnegative(),
});
export type ChatQueueItem = z.infer<typeof ChatQueueItemSchema>;

export const ChatAgentListQuerySchema = z.object({ status: z.enum(['open', 'closed']).default('open') });

export const ChatCloseRequestSchema = z.object({
  note: z.string().trim().min(1, 'required').max(CHAT_LIMITS.closeNoteMax, 'tooLong'),
});
export type ChatCloseRequest = z.infer<typeof ChatCloseRequestSchema>;

/** The user beside the chat. A visitor's conversation has `account: null` and only the e-mail and name. */
export const ChatAccountSummarySchema = z.object({
  conversationId: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  account: z
    .object({
      accountNo: z.string(),
      nickname: z.string().nullable(),
      email: z.string().nullable(),
      registeredAt: isoTime,
      balances: z.object({
        availableCents: z.number().int(),
        frozenCents: z.number().int(),
        earningsCents: z.number().int(),
      }),
      /** Orders the user placed as buyer in the last 30 days. */
      recentOrdersCount: z.number().int().nonnegative(),
      /** Earlier conversations of this user (transcripts kept). */
      previousConversations: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type ChatAccountSummary = z.infer<typeof ChatAccountSummarySchema>;

// ---- WebSocket frames ----

/** Agents name the conversation in every frame; a user's socket is bound to one conversation (may omit it). */
const frameConversation = { conversationId: idString.optional() };

export const ChatClientFrameSchema = z.discriminatedUnion('type', [
  /** Send a message; the answer is the `message` frame with the same clientId (also after a resend). */
  z.object({
    type: z.literal('send'),
    ...frameConversation,
    clientId: clientIdSchema,
    body: bodySchema.default(''),
    attachmentId: idString.optional(),
  }),
  /** I am typing (at most one per CHAT_LIMITS.typingThrottleMs; not stored). */
  z.object({ type: z.literal('typing'), ...frameConversation }),
  /** I have read up to this message. */
  z.object({ type: z.literal('read'), ...frameConversation, upToId: idString }),
  /** After a reconnect: send me exactly the messages after this id (a `history` frame). */
  z.object({ type: z.literal('resume'), ...frameConversation, afterId: idString }),
]);
export type ChatClientFrame = z.infer<typeof ChatClientFrameSchema>;

export const ChatServerFrameSchema = z.discriminatedUnion('type', [
  /** On connect (the latest page) and in answer to `resume` (the messages after afterId, `resumed: true`). */
  z.object({
    type: z.literal('history'),
    conversation: ChatConversationSchema,
    messages: z.array(ChatMessageSchema),
    hasMore: z.boolean(),
    resumed: z.boolean(),
  }),
  /** A new message in a conversation (including the sender's own, which acknowledges its clientId). */
  z.object({ type: z.literal('message'), message: ChatMessageSchema }),
  /** The other side is typing (fade after CHAT_LIMITS.typingTtlMs). */
  z.object({ type: z.literal('typing'), conversationId: z.string(), side: z.enum(CHAT_SIDES) }),
  /** A side has read up to a message. */
  z.object({ type: z.literal('read'), conversationId: z.string(), side: z.enum(CHAT_SIDES), upToId: z.string() }),
  /** The conversation changed: claimed (agentName), closed (status closed), … */
  z.object({ type: z.literal('status'), conversation: ChatConversationSchema }),
  /** Agents only: the queue changed (a conversation waits, or another agent claimed one); refetch it. */
  z.object({ type: z.literal('queue') }),
  /** A frame was refused: the catalogue code and localised message; `clientId` when it was a `send`. */
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    clientId: z.string().nullable(),
    retryAfterSeconds: z.number().int().nullable(),
  }),
]);
export type ChatServerFrame = z.infer<typeof ChatServerFrameSchema>;
