import type { ChatServerFrame, ChatSide } from '@namebourse/contract';
import { AppError } from '../../platform/errors.ts';
import type { Audience } from './chat.presenter.ts';
import { presentConversation } from './chat.presenter.ts';
import { findConversationView, listMessagesAfter, openIdsOfAgent } from './chat.repository.ts';
import {
  CHAT_EVENTS,
  type ChatContext,
  type ChatViewer,
  loadConversation,
  presentMessages,
  readMessages,
} from './chat.service.ts';

/** What the hub needs of a WebSocket (the `ws` library's socket). */
export interface ChatSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

const OPEN = 1;
/** Messages read per catch-up query; a conversation further behind reads again. */
const CATCH_UP_BATCH = 200;
/** A socket that does not answer pings within this time is dropped (its client reconnects and resumes). */
const HEARTBEAT_MS = 30_000;
/** A socket whose client does not read (4 MB queued) is dropped rather than buffering without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** One connected chat window: a user's or visitor's (one conversation) or an agent's (their claimed ones). */
export interface ChatConnection {
  socket: ChatSocket;
  viewer: ChatViewer;
  audience: Audience;
  side: ChatSide;
  /** Per joined conversation: the last message id this socket was sent (never sent twice, never skipped). */
  lastSent: Map<string, bigint>;
  alive: boolean;
}

/**
 * The chat sockets of this instance. Every change arrives as a bus event (from this instance or another):
 * the hub reads what changed from the database and pushes it to the sockets that joined the conversation.
 * Per conversation, work runs one task at a time (a promise chain), so each socket gets every message once,
 * in order: a socket's `lastSent` only moves forward, and a catch-up reads `id > lastSent`.
 */
export class ChatHub {
  readonly #ctx: ChatContext;
  readonly #byConversation = new Map<string, Set<ChatConnection>>();
  readonly #agents = new Map<string, Set<ChatConnection>>();
  readonly #all = new Set<ChatConnection>();
  readonly #chains = new Map<string, Promise<void>>();
  readonly #catchUpQueued = new Set<string>();
  /** The user's display name per joined conversation (it never changes): messages show it. */
  readonly #names = new Map<string, string>();
  readonly #unsubscribe: (() => void)[] = [];
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(ctx: ChatContext) {
    this.#ctx = ctx;
    const { events } = ctx.platform;
    type Payload = { c?: string; m?: string; s?: ChatSide; u?: string; a?: string };
    const on = (name: string, fn: (p: Payload) => void) =>
      this.#unsubscribe.push(events.subscribe(name, (event) => fn((event.payload ?? {}) as Payload)));
    on(CHAT_EVENTS.message, (p) => p.c && this.#catchUp(p.c));
    on(CHAT_EVENTS.typing, (p) => p.c && p.s && this.#typing(p.c, p.s));
    on(CHAT_EVENTS.read, (p) => p.c && p.s && p.u && this.#read(p.c, p.s, p.u));
    on(CHAT_EVENTS.status, (p) => p.c && this.#status(p.c, p.a));
    on(CHAT_EVENTS.queue, () => this.#queue());
  }

  /** Connected sockets on this instance. */
  get size(): number {
    return this.#all.size;
  }

  start(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => this.#beat(), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  stop(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    for (const off of this.#unsubscribe.splice(0)) off();
    for (const conn of this.#all) conn.socket.close(1001, 'server shutting down');
  }

  /**
   * Registers a connection and joins its conversations: a user's or visitor's one (the history frame: the
   * messages after `afterId` when reconnecting, else the latest page), an agent's claimed ones.
   */
  async connect(conn: ChatConnection, conversationId: bigint | null, afterId: bigint | undefined): Promise<void> {
    this.#all.add(conn);
    if (conn.viewer.kind === 'staff') {
      const agentId = conn.viewer.user.id.toString();
      const set = this.#agents.get(agentId) ?? new Set<ChatConnection>();
      this.#agents.set(agentId, set);
      set.add(conn);
      const ids = await openIdsOfAgent(this.#ctx.platform.db, conn.viewer.user.id);
      await Promise.all(ids.map((id) => this.join(conn, id.toString(), undefined)));
    } else if (conversationId !== null) {
      await this.join(conn, conversationId.toString(), afterId);
    }
  }

  disconnect(conn: ChatConnection): void {
    this.#all.delete(conn);
    for (const id of conn.lastSent.keys()) this.#leave(conn, id);
    if (conn.viewer.kind === 'staff') {
      const agentId = conn.viewer.user.id.toString();
      const set = this.#agents.get(agentId);
      set?.delete(conn);
      if (set?.size === 0) this.#agents.delete(agentId);
    }
  }

  /** Whether the connection has joined the conversation. */
  joined(conn: ChatConnection, conversationId: string): boolean {
    return conn.lastSent.has(conversationId);
  }

  /** Joins a conversation and sends its history frame (after `afterId`, or the latest page). */
  join(conn: ChatConnection, conversationId: string, afterId: bigint | undefined): Promise<void> {
    const set = this.#byConversation.get(conversationId) ?? new Set<ChatConnection>();
    this.#byConversation.set(conversationId, set);
    set.add(conn);
    // Until the history is sent, catch-ups skip this socket (it is not in lastSent yet).
    return this.#enqueue(conversationId, () => this.#sendHistory(conn, conversationId, afterId, afterId !== undefined));
  }

  /** After a reconnect: exactly the messages after `afterId`, as a history frame (`resumed: true`). */
  resume(conn: ChatConnection, conversationId: string, afterId: bigint): Promise<void> {
    if (!this.#byConversation.get(conversationId)?.has(conn)) {
      return Promise.reject(new AppError('Chat.ConversationNotFound'));
    }
    return this.#enqueue(conversationId, () => this.#sendHistory(conn, conversationId, afterId, true));
  }

  #leave(conn: ChatConnection, conversationId: string): void {
    conn.lastSent.delete(conversationId);
    const set = this.#byConversation.get(conversationId);
    set?.delete(conn);
    if (set?.size === 0) {
      this.#byConversation.delete(conversationId);
      this.#names.delete(conversationId);
    }
  }

  #enqueue(conversationId: string, task: () => Promise<void>): Promise<void> {
    const previous = this.#chains.get(conversationId) ?? Promise.resolve();
    const next = previous.then(task).catch((err: unknown) => {
      this.#ctx.log.warn({ err, conversationId }, 'chat hub task failed');
    });
    this.#chains.set(conversationId, next);
    void next.then(() => {
      if (this.#chains.get(conversationId) === next) this.#chains.delete(conversationId);
    });
    return next;
  }

  async #sendHistory(
    conn: ChatConnection,
    conversationId: string,
    afterId: bigint | undefined,
    resumed: boolean,
  ): Promise<void> {
    if (!this.#byConversation.get(conversationId)?.has(conn)) return;
    const view = await loadConversation(this.#ctx, conn.viewer, BigInt(conversationId));
    const page = await readMessages(this.#ctx, view.conversation.id, { afterId });
    this.#names.set(conversationId, view.conversation.displayName);
    const messages = presentMessages(view, page.views, conn.audience);
    const last = page.views.at(-1)?.message.id;
    const previous = conn.lastSent.get(conversationId);
    let mark = previous ?? afterId ?? 0n;
    if (last !== undefined && last > mark) mark = last;
    conn.lastSent.set(conversationId, mark);
    this.#send(conn, {
      type: 'history',
      conversation: presentConversation(view, conn.audience, this.#ctx.platform.clock.now()),
      messages,
      hasMore: page.hasMore,
      resumed,
    });
    // Messages stored while the page was read are after `mark`; more than a page after afterId: keep going.
    if (page.hasMore && afterId !== undefined) await this.#catchUpNow(conversationId);
  }

  #catchUp(conversationId: string): void {
    if (!this.#byConversation.has(conversationId)) return;
    // A catch-up not started yet reads everything new when it runs: a burst of events needs only one.
    if (this.#catchUpQueued.has(conversationId)) return;
    this.#catchUpQueued.add(conversationId);
    void this.#enqueue(conversationId, () => {
      this.#catchUpQueued.delete(conversationId);
      return this.#catchUpNow(conversationId);
    });
  }

  async #catchUpNow(conversationId: string): Promise<void> {
    for (;;) {
      const conns = [...(this.#byConversation.get(conversationId) ?? [])].filter((c) => c.lastSent.has(conversationId));
      if (conns.length === 0) return;
      const from = conns.reduce<bigint>((min, c) => {
        const mark = c.lastSent.get(conversationId) ?? 0n;
        return mark < min ? mark : min;
      }, conns[0]?.lastSent.get(conversationId) ?? 0n);
      const views = await listMessagesAfter(this.#ctx.platform.db, BigInt(conversationId), from, CATCH_UP_BATCH);
      if (views.length === 0) return;
      let name = this.#names.get(conversationId);
      if (name === undefined) {
        name = (await findConversationView(this.#ctx.platform.db, BigInt(conversationId)))?.conversation.displayName;
        if (name === undefined) return;
        this.#names.set(conversationId, name);
      }
      const conversation = { conversation: { displayName: name } };
      const byAudience = new Map<Audience, ReturnType<typeof presentMessages>>();
      for (const conn of conns) {
        const presented = byAudience.get(conn.audience) ?? presentMessages(conversation, views, conn.audience);
        byAudience.set(conn.audience, presented);
        const mark = conn.lastSent.get(conversationId) ?? 0n;
        views.forEach((v, i) => {
          if (v.message.id > mark) this.#send(conn, { type: 'message', message: presented[i]! });
        });
        const last = views.at(-1)?.message.id ?? mark;
        if (last > mark) conn.lastSent.set(conversationId, last);
      }
      if (views.length < CATCH_UP_BATCH) return;
    }
  }

  #typing(conversationId: string, side: ChatSide): void {
    for (const conn of this.#byConversation.get(conversationId) ?? []) {
      if (conn.side !== side && conn.lastSent.has(conversationId)) {
        this.#send(conn, { type: 'typing', conversationId, side });
      }
    }
  }

  #read(conversationId: string, side: ChatSide, upToId: string): void {
    for (const conn of this.#byConversation.get(conversationId) ?? []) {
      if (conn.lastSent.has(conversationId)) this.#send(conn, { type: 'read', conversationId, side, upToId });
    }
  }

  /** Claimed (the agent's sockets join it) or closed: everyone in it gets the new status. */
  #status(conversationId: string, agentId: string | undefined): void {
    if (agentId) {
      for (const conn of this.#agents.get(agentId) ?? []) {
        if (!this.joined(conn, conversationId) && !this.#byConversation.get(conversationId)?.has(conn)) {
          void this.join(conn, conversationId, undefined);
        }
      }
    }
    if (!this.#byConversation.has(conversationId)) return;
    void this.#enqueue(conversationId, async () => {
      const view = await findConversationView(this.#ctx.platform.db, BigInt(conversationId));
      if (!view) return;
      const now = this.#ctx.platform.clock.now();
      for (const conn of [...(this.#byConversation.get(conversationId) ?? [])]) {
        if (!conn.lastSent.has(conversationId)) continue;
        this.#send(conn, { type: 'status', conversation: presentConversation(view, conn.audience, now) });
        // An agent's window lets go of a closed conversation (its user's window keeps showing it).
        if (view.conversation.status === 'closed' && conn.viewer.kind === 'staff') this.#leave(conn, conversationId);
      }
    });
  }

  #queue(): void {
    for (const set of this.#agents.values()) for (const conn of set) this.#send(conn, { type: 'queue' });
  }

  #send(conn: ChatConnection, frame: ChatServerFrame): void {
    if (conn.socket.readyState !== OPEN) return;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      conn.socket.terminate();
      return;
    }
    conn.socket.send(JSON.stringify(frame));
  }

  /** Sends a frame to one connection (answers to its own frames: errors). */
  reply(conn: ChatConnection, frame: ChatServerFrame): void {
    this.#send(conn, frame);
  }

  #beat(): void {
    for (const conn of this.#all) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.socket.ping();
      } catch {
        conn.socket.terminate();
      }
    }
  }
}
