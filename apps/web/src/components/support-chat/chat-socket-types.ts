import {
  CHAT_VISITOR_TOKEN_QUERY,
  type ChatConversation,
  type ChatMessage,
  type ChatServerFrame,
  type ChatSide,
} from '@namebourse/contract';
import type { BackoffOptions, PendingMessage } from './chat-state.ts';

/** The chat client's shapes (chat-socket.ts): its snapshot, options, the WebSocket it needs and its URL. */

export const SUPPORT_CHAT_SOCKET_PATH = '/api/support/chat';

/**
 * idle → connecting → open; a drop → reconnecting (after a backoff delay) → connecting …; `ended` when the server
 * refused the connection for good (not signed in, bad visitor token, not the caller's conversation); `stopped`
 * after stop().
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'ended' | 'stopped';

/** What a conversation looks like to the page. */
export interface ConversationView {
  conversation: ChatConversation | null;
  /** Confirmed messages, oldest first, one per messageId. */
  messages: readonly ChatMessage[];
  /** Older messages exist before the first one held. */
  hasMoreBefore: boolean;
  /** When the other side last said it was typing (client clock), or null. */
  peerTypingAt: number | null;
}

export interface ChatSnapshot {
  status: ConnectionStatus;
  /** Reconnect attempts since the connection was last open. */
  attempt: number;
  /** When the next attempt starts (client clock, ms), while reconnecting. */
  retryAt: number | null;
  /** The close code when `ended` (CHAT_CLOSE_CODES). */
  closeCode: number | null;
  conversations: Readonly<Record<string, ConversationView>>;
  /** Messages sent and not yet confirmed (or refused), oldest first. */
  outbox: readonly PendingMessage[];
  /** The last refused frame that was not a message (e.g. a read for a closed conversation). */
  lastError: { code: string; message: string } | null;
}

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export interface ChatClientOptions {
  /** The WebSocket URL (chatSocketUrl). */
  url: string;
  /** Who this client is: the other side's typing and reads are the ones shown. */
  side: ChatSide;
  createSocket?: WebSocketFactory;
  backoff?: BackoffOptions;
  /** The client clock (ms); Date.now by default. */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /**
   * Runs before each reconnect (not the first connect). A refused WebSocket upgrade (an expired access token, a
   * visitor token that is no longer valid) reaches the browser only as a dropped connection, so the caller asks
   * over HTTP — where the request pipeline also refreshes the session cookie — and answers a close code to end
   * with (CHAT_CLOSE_CODES) or null to reconnect.
   */
  beforeReconnect?: () => Promise<number | null>;
  /** Agents: the queue changed (refetch it). */
  onQueueChanged?: () => void;
  /** Called for every frame after the snapshot took it in (e.g. to notify of a new message). */
  onFrame?: (frame: ChatServerFrame) => void;
}

/** ws(s)://<host>/api/support/chat with the conversation and a visitor's token. */
export function chatSocketUrl(
  params: { conversationId?: string | null; token?: string | null },
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const query = new URLSearchParams();
  if (params.conversationId) query.set('conversationId', params.conversationId);
  if (params.token) query.set(CHAT_VISITOR_TOKEN_QUERY, params.token);
  const search = query.toString();
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${SUPPORT_CHAT_SOCKET_PATH}${search ? `?${search}` : ''}`;
}
