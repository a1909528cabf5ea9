import {
  CHAT_CLOSE_CODES,
  CHAT_LIMITS,
  type ChatClientFrame,
  type ChatConversation,
  type ChatMessage,
  type ChatServerFrame,
  ChatServerFrameSchema,
} from '@namebourse/contract';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import type {
  ChatClientOptions,
  ChatSnapshot,
  ConversationView,
  WebSocketFactory,
  WebSocketLike,
} from './chat-socket-types.ts';
import {
  backoffDelay,
  compareIds,
  confirmPending,
  DEFAULT_BACKOFF,
  lastIdOf,
  markPending,
  maySendTyping,
  mergeMessages,
  type PendingMessage,
  toResend,
} from './chat-state.ts';

/**
 * The customer-service chat's WebSocket client, one module for the user's window and the agents' desk:
 * it connects to /api/support/chat, reconnects with exponential backoff after a drop, resumes each conversation
 * from its last message id, resends unconfirmed messages with their clientId (the server stores a clientId once,
 * so nothing is lost and nothing doubles), and keeps a snapshot for React (useSyncExternalStore).
 * The rules it applies are the pure functions of chat-state.ts.
 */

export * from './chat-socket-types.ts';

const OPEN = 1;

/** Close codes after which reconnecting cannot help. */
const FINAL_CLOSE_CODES = new Set<number>([CHAT_CLOSE_CODES.unauthorized, CHAT_CLOSE_CODES.notFound]);

const EMPTY_VIEW: ConversationView = { conversation: null, messages: [], hasMoreBefore: false, peerTypingAt: null };

export interface SendInput {
  body: string;
  attachmentId?: string | null;
  /** A local preview of the attached image (object URL), shown until the server's copy arrives. */
  previewUrl?: string | null;
}

export class ChatClient {
  readonly #options: ChatClientOptions;
  readonly #createSocket: WebSocketFactory;
  readonly #now: () => number;
  readonly #setTimer: (run: () => void, ms: number) => unknown;
  readonly #clearTimer: (timer: unknown) => void;
  #socket: WebSocketLike | null = null;
  #timer: unknown = null;
  /** A beforeReconnect probe is running. */
  #probing = false;
  #snapshot: ChatSnapshot = {
    status: 'idle',
    attempt: 0,
    retryAt: null,
    closeCode: null,
    conversations: {},
    outbox: [],
    lastError: null,
  };
  readonly #listeners = new Set<() => void>();
  /** The last typing frame sent, per conversation. */
  readonly #typingSentAt = new Map<string, number>();
  /** The last read receipt sent, per conversation. */
  readonly #readSent = new Map<string, string>();

  constructor(options: ChatClientOptions) {
    this.#options = options;
    this.#createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
    this.#now = options.now ?? Date.now;
    this.#setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.#clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  // ---- React binding ----

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => this.#snapshot;

  #set(patch: Partial<ChatSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    for (const listener of this.#listeners) listener();
  }

  #patchConversation(conversationId: string, patch: (view: ConversationView) => ConversationView): void {
    const before = this.#snapshot.conversations[conversationId] ?? EMPTY_VIEW;
    const after = patch(before);
    if (after === before) return;
    this.#set({ conversations: { ...this.#snapshot.conversations, [conversationId]: after } });
  }

  // ---- Connection ----

  /** Connects (again, after stop() or `ended`). */
  start(): void {
    this.#cancelTimer();
    this.#set({ attempt: 0, retryAt: null, closeCode: null });
    this.#connect();
  }

  /** Closes the connection for good (the window closes, the page unmounts). */
  stop(): void {
    this.#cancelTimer();
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      this.#detach(socket);
      socket.close(1000, 'bye');
    }
    this.#set({ status: 'stopped', retryAt: null });
  }

  /** Skips the wait of a pending reconnect ('Reconnect now', the browser came back online). */
  reconnectNow(): void {
    if (this.#snapshot.status !== 'reconnecting' || this.#probing) return;
    this.#cancelTimer();
    void this.#reconnect();
  }

  async #reconnect(): Promise<void> {
    const probe = this.#options.beforeReconnect;
    if (probe) {
      this.#probing = true;
      let closeCode: number | null = null;
      try {
        closeCode = await probe();
      } catch {
        closeCode = null; // the probe itself failed (offline): try the socket anyway
      } finally {
        this.#probing = false;
      }
      if (this.#snapshot.status !== 'reconnecting') return; // stopped meanwhile
      if (closeCode !== null) {
        this.#set({ status: 'ended', closeCode, retryAt: null });
        return;
      }
    }
    this.#connect();
  }

  #cancelTimer(): void {
    if (this.#timer !== null) this.#clearTimer(this.#timer);
    this.#timer = null;
  }

  #detach(socket: WebSocketLike): void {
    socket.onopen = null;
    socket.onclose = null;
    socket.onmessage = null;
    socket.onerror = null;
  }

  #connect(): void {
    let socket: WebSocketLike;
    this.#set({ status: 'connecting', retryAt: null });
    try {
      socket = this.#createSocket(this.#options.url);
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => this.#onOpen();
    socket.onmessage = (event) => this.#onMessage(event.data);
    socket.onerror = () => {
      // A close event follows; reconnecting is decided there.
    };
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#detach(socket);
      this.#socket = null;
      if (FINAL_CLOSE_CODES.has(event.code)) {
        this.#set({ status: 'ended', closeCode: event.code, retryAt: null });
        return;
      }
      this.#scheduleReconnect();
    };
  }

  #scheduleReconnect(): void {
    const attempt = this.#snapshot.attempt;
    const delay = backoffDelay(attempt, this.#options.backoff ?? DEFAULT_BACKOFF);
    this.#set({ status: 'reconnecting', attempt: attempt + 1, retryAt: this.#now() + delay });
    this.#timer = this.#setTimer(() => {
      this.#timer = null;
      void this.#reconnect();
    }, delay);
  }

  #onOpen(): void {
    this.#set({ status: 'open', attempt: 0, retryAt: null, closeCode: null });
    // Whatever arrived while the connection was down: exactly the messages after the last one held.
    for (const [conversationId, view] of Object.entries(this.#snapshot.conversations)) {
      const afterId = lastIdOf(view.messages);
      if (afterId !== null && view.conversation?.status !== 'closed') {
        this.#write({ type: 'resume', conversationId, afterId });
      }
    }
    // Then every message not confirmed yet, with the clientId it was first sent with.
    for (const pending of toResend(this.#snapshot.outbox)) this.#writeSend(pending);
    // Read receipts are sent again when the page next reports what it shows.
    this.#readSent.clear();
  }

  #write(frame: ChatClientFrame): boolean {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  #writeSend(pending: PendingMessage): boolean {
    return this.#write({
      type: 'send',
      conversationId: pending.conversationId,
      clientId: pending.clientId,
      body: pending.body,
      ...(pending.attachmentId ? { attachmentId: pending.attachmentId } : {}),
    });
  }

  // ---- Frames from the server ----

  #onMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const result = ChatServerFrameSchema.safeParse(parsed);
    if (!result.success) return;
    this.receive(result.data);
  }

  /** Takes in one server frame (the socket's, or a test's). */
  receive(frame: ChatServerFrame): void {
    switch (frame.type) {
      case 'history':
        this.applyHistory(frame.conversation, frame.messages, frame.resumed ? 'after' : 'latest', frame.hasMore);
        break;
      case 'message':
        this.#applyMessages(frame.message.conversationId, [frame.message]);
        break;
      case 'typing':
        if (frame.side !== this.#options.side) {
          this.#patchConversation(frame.conversationId, (view) => ({ ...view, peerTypingAt: this.#now() }));
        }
        break;
      case 'read':
        this.#patchConversation(frame.conversationId, (view) => {
          if (!view.conversation) return view;
          const key = frame.side === 'user' ? 'userReadId' : 'agentReadId';
          const current = view.conversation[key];
          if (current !== null && compareIds(current, frame.upToId) >= 0) return view;
          return { ...view, conversation: { ...view.conversation, [key]: frame.upToId } };
        });
        break;
      case 'status':
        this.updateConversation(frame.conversation);
        break;
      case 'queue':
        this.#options.onQueueChanged?.();
        break;
      case 'error':
        if (frame.clientId) {
          this.#set({
            outbox: markPending(this.#snapshot.outbox, frame.clientId, { state: 'failed', error: frame.message }),
          });
        } else {
          this.#set({ lastError: { code: frame.code, message: frame.message } });
        }
        break;
    }
    this.#options.onFrame?.(frame);
  }

  #applyMessages(conversationId: string, messages: readonly ChatMessage[]): void {
    this.#patchConversation(conversationId, (view) => {
      const merged = mergeMessages(view.messages, messages);
      // A message from the other side ends their typing indicator.
      const fromPeer = messages.some((m) => m.author !== this.#options.side && m.author !== 'system');
      if (merged === view.messages && !fromPeer) return view;
      return { ...view, messages: merged, peerTypingAt: fromPeer ? null : view.peerTypingAt };
    });
    const outbox = confirmPending(this.#snapshot.outbox, messages);
    if (outbox !== this.#snapshot.outbox) {
      for (const pending of this.#snapshot.outbox) {
        if (!outbox.includes(pending) && pending.previewUrl) revokePreview(pending.previewUrl);
      }
      this.#set({ outbox });
    }
  }

  /**
   * Takes in a page of messages: the latest page (on connect, or over HTTP), an older page (`before`), or the
   * messages after the last one held (`after`, a resume). Duplicates and confirmations are handled alike.
   */
  applyHistory(
    conversation: ChatConversation,
    messages: readonly ChatMessage[],
    page: 'latest' | 'before' | 'after',
    hasMore: boolean,
  ): void {
    this.updateConversation(conversation);
    this.#patchConversation(conversation.conversationId, (view) => {
      const wasEmpty = view.messages.length === 0;
      const hasMoreBefore = page === 'before' || (page === 'latest' && wasEmpty) ? hasMore : view.hasMoreBefore;
      return hasMoreBefore === view.hasMoreBefore ? view : { ...view, hasMoreBefore };
    });
    this.#applyMessages(conversation.conversationId, messages);
  }

  /** Replaces a conversation's details (its status, agent, read receipts). */
  updateConversation(conversation: ChatConversation): void {
    this.#patchConversation(conversation.conversationId, (view) =>
      view.conversation && JSON.stringify(view.conversation) === JSON.stringify(conversation)
        ? view
        : { ...view, conversation },
    );
  }

  /** Forgets a conversation (an agent closed its tab). */
  forget(conversationId: string): void {
    if (!(conversationId in this.#snapshot.conversations)) return;
    const { [conversationId]: _gone, ...rest } = this.#snapshot.conversations;
    this.#set({ conversations: rest });
  }

  // ---- Actions ----

  /** Sends a message now, or as soon as the connection is back; returns its clientId. */
  send(conversationId: string, input: SendInput): string {
    const pending: PendingMessage = {
      clientId: newIdempotencyKey(),
      conversationId,
      body: input.body.trim(),
      attachmentId: input.attachmentId ?? null,
      previewUrl: input.previewUrl ?? null,
      createdAt: new Date(this.#now()).toISOString(),
      state: 'sending',
      error: null,
    };
    this.#set({ outbox: [...this.#snapshot.outbox, pending] });
    this.#writeSend(pending);
    this.#typingSentAt.delete(conversationId);
    return pending.clientId;
  }

  /** Sends a refused message again (same clientId). */
  retry(clientId: string): void {
    const pending = this.#snapshot.outbox.find((p) => p.clientId === clientId);
    if (!pending) return;
    this.#set({ outbox: markPending(this.#snapshot.outbox, clientId, { state: 'sending', error: null }) });
    this.#writeSend(pending);
  }

  /** Drops an unsent message. */
  discard(clientId: string): void {
    const pending = this.#snapshot.outbox.find((p) => p.clientId === clientId);
    if (!pending) return;
    if (pending.previewUrl) revokePreview(pending.previewUrl);
    this.#set({ outbox: this.#snapshot.outbox.filter((p) => p !== pending) });
  }

  /** 'I am typing' — at most one frame per CHAT_LIMITS.typingThrottleMs per conversation. */
  typing(conversationId: string): void {
    const now = this.#now();
    if (!maySendTyping(this.#typingSentAt.get(conversationId) ?? null, now, CHAT_LIMITS.typingThrottleMs)) return;
    if (this.#write({ type: 'typing', conversationId })) this.#typingSentAt.set(conversationId, now);
  }

  /** Read receipt: everything up to `upToId` has been shown (sent once per new id). */
  markRead(conversationId: string, upToId: string): void {
    const sent = this.#readSent.get(conversationId);
    if (sent !== undefined && compareIds(sent, upToId) >= 0) return;
    const view = this.#snapshot.conversations[conversationId];
    const ownKey = this.#options.side === 'user' ? 'userReadId' : 'agentReadId';
    const stored = view?.conversation?.[ownKey] ?? null;
    if (stored !== null && compareIds(stored, upToId) >= 0) return;
    if (this.#write({ type: 'read', conversationId, upToId })) this.#readSent.set(conversationId, upToId);
  }

  /** Clears the last non-message error (the page showed it). */
  clearError(): void {
    if (this.#snapshot.lastError) this.#set({ lastError: null });
  }
}

function revokePreview(url: string): void {
  try {
    if (url.startsWith('blob:')) URL.revokeObjectURL(url);
  } catch {
    // Nothing to free.
  }
}

/** The pending messages of one conversation. */
export function pendingOf(snapshot: ChatSnapshot, conversationId: string): PendingMessage[] {
  return snapshot.outbox.filter((p) => p.conversationId === conversationId);
}

/** One conversation's view (an empty one until something arrives). */
export function viewOf(snapshot: ChatSnapshot, conversationId: string | null): ConversationView {
  return (conversationId && snapshot.conversations[conversationId]) || EMPTY_VIEW;
}
