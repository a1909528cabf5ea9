/**
 * The customer-service chat's constants and pure rules (issue 18); pages import them without zod.
 * The schemas and frames are in support-chat.ts.
 */

/**
 * Support hours (spec §1/§2): Monday–Friday 9:30–18:30 at UTC+8. Outside them a new conversation is
 * `offline`: the chat says so and takes the message; the agent's later reply goes by e-mail and to the
 * message centre.
 */
export const SUPPORT_HOURS = {
  /** ISO weekdays (1 = Monday … 7 = Sunday) at the support offset. */
  days: [1, 2, 3, 4, 5],
  /** Minutes after local midnight: open at 9:30 (inclusive), close at 18:30 (exclusive). */
  openMinute: 9 * 60 + 30,
  closeMinute: 18 * 60 + 30,
  utcOffsetMinutes: 8 * 60,
  label: { days: 'Mon-Fri', open: '9:30', close: '18:30', utcOffset: '+08:00' },
} as const;

/** True when `date` falls within the support hours (a pure function of the instant; no time-zone database). */
export function isWithinSupportHours(date: Date): boolean {
  const local = new Date(date.getTime() + SUPPORT_HOURS.utcOffsetMinutes * 60_000);
  const weekday = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
  if (!(SUPPORT_HOURS.days as readonly number[]).includes(weekday)) return false;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minute >= SUPPORT_HOURS.openMinute && minute < SUPPORT_HOURS.closeMinute;
}

/** waiting (nobody claimed it) → open (an agent claimed it) → closed (with a note). */
export const CHAT_CONVERSATION_STATUSES = ['waiting', 'open', 'closed'] as const;
export type ChatConversationStatus = (typeof CHAT_CONVERSATION_STATUSES)[number];

export const CHAT_AUTHORS = ['user', 'agent', 'system'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

/** The two sides of a conversation (typing indicators and read receipts). */
export const CHAT_SIDES = ['user', 'agent'] as const;
export type ChatSide = (typeof CHAT_SIDES)[number];

export const CHAT_ATTACHMENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type ChatAttachmentType = (typeof CHAT_ATTACHMENT_TYPES)[number];

export const CHAT_LIMITS = {
  /** Characters in one message (an attachment may go with an empty body). */
  bodyMax: 2000,
  clientIdMax: 64,
  nameMax: 50,
  emailMax: 254,
  closeNoteMax: 500,
  /** An image attachment: JPG or PNG (checked by its first bytes, not its name), at most 2 MB. */
  attachmentMaxBytes: 2 * 1024 * 1024,
  attachmentTypes: CHAT_ATTACHMENT_TYPES,
  /** Messages per user (or visitor conversation) per window, over HTTP and WebSocket together. */
  sendRate: { max: 20, windowSeconds: 60 },
  /** Attachments per user (or visitor conversation) per window. */
  attachmentRate: { max: 10, windowSeconds: 600 },
  /** New conversations per client IP per window (visitors and users). */
  startRate: { max: 5, windowSeconds: 600 },
  /** The web sends at most one typing frame per this many ms; the indicator fades after typingTtlMs. */
  typingThrottleMs: 2000,
  typingTtlMs: 5000,
  /** Messages per history page (history frame, GET …/messages). */
  historyPageSize: 50,
  historyPageMax: 200,
} as const;

/**
 * A visitor (not signed in) authenticates with the token returned once when the conversation starts:
 * the header on HTTP requests, the query parameter on the WebSocket URL and image links (where a
 * browser cannot set headers).
 */
export const CHAT_VISITOR_TOKEN_HEADER = 'x-support-token';
export const CHAT_VISITOR_TOKEN_QUERY = 'token';

/** WebSocket close codes the server uses (4000–4999 are the application's). */
export const CHAT_CLOSE_CODES = {
  /** Not signed in and no valid visitor token (or a bad Origin). */
  unauthorized: 4401,
  /** The conversation does not exist or is not the caller's. */
  notFound: 4404,
  /** A frame that is not JSON or does not match ChatClientFrameSchema too many times. */
  badFrames: 4400,
} as const;

/** Canned replies agents pick in /admin/support, in both languages (the agent sends the conversation's language). */
export const CHAT_CANNED_REPLIES = [
  {
    id: 'greeting',
    'zh-CN': '您好，我是 NameBourse 客服，很高兴为您服务。请问有什么可以帮您？',
    'en-US': 'Hello, this is NameBourse support. How can I help you today?',
  },
  {
    id: 'checking',
    'zh-CN': '好的，我正在为您查询，请稍候。',
    'en-US': 'Thank you. I am looking into it now, please wait a moment.',
  },
  {
    id: 'need_details',
    'zh-CN': '请提供相关的域名、订单号或截图，以便我们更快地为您处理。',
    'en-US': 'Please send the domain, the order number or a screenshot so we can help you faster.',
  },
  {
    id: 'recharge_delay',
    'zh-CN': '充值到账可能有几分钟延迟。如超过 30 分钟仍未到账，请提供充值单号。',
    'en-US':
      'A top-up can take a few minutes to arrive. If it has not arrived after 30 minutes, please send the top-up number.',
  },
  {
    id: 'transfer_time',
    'zh-CN': '域名转移通常需要 5–7 天，期间请勿修改域名状态。',
    'en-US': 'A domain transfer usually takes 5–7 days. Please do not change the domain’s status meanwhile.',
  },
  {
    id: 'resolved',
    'zh-CN': '问题已为您处理，请问还有其他可以帮您的吗？',
    'en-US': 'This is now sorted out. Is there anything else I can help you with?',
  },
  {
    id: 'closing',
    'zh-CN': '感谢您的咨询，祝您生活愉快！如有其他问题，欢迎随时联系我们。',
    'en-US': 'Thank you for contacting us. Have a nice day! Feel free to reach out again any time.',
  },
] as const;
export type ChatCannedReply = (typeof CHAT_CANNED_REPLIES)[number];
