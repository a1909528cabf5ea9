import { createRequire } from 'node:module';
import type { ChatServerFrame } from '@namebourse/contract';
import type { TestContext } from '../../../test/helpers.ts';
import { signIn } from '../orders/orders.test-support.ts';

/** The `ws` client (a dependency of @fastify/websocket; it ships no types here). */
interface WsClient {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  terminate(): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'open' | 'close', fn: (code?: number) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  on(event: 'unexpected-response', fn: (req: unknown, res: { statusCode: number }) => void): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
const require = createRequire(import.meta.url);
const WebSocket = require('ws') as WsConstructor;

/** 10:00 on Monday 5 January 2026 at UTC+8: within the support hours. */
export const WITHIN_HOURS = new Date('2026-01-05T02:00:00.000Z');
/** 10:00 on Saturday 10 January 2026 at UTC+8: outside the support hours. */
export const OUTSIDE_HOURS = new Date('2026-01-10T02:00:00.000Z');

export const EN = { 'accept-language': 'en-US' } as const;

/** A chat window: every frame it received, in order, and a way to wait for the next matching one. */
export class ChatClient {
  readonly frames: ChatServerFrame[] = [];
  readonly #ws: WsClient;
  readonly #taken = new Set<ChatServerFrame>();
  #waiters: { match: (f: ChatServerFrame) => boolean; resolve: (f: ChatServerFrame) => void }[] = [];
  closed: Promise<number>;

  private constructor(ws: WsClient) {
    this.#ws = ws;
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code ?? 0)));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString('utf8')) as ChatServerFrame;
      this.frames.push(frame);
      for (const w of [...this.#waiters]) {
        if (w.match(frame)) {
          this.#waiters = this.#waiters.filter((x) => x !== w);
          w.resolve(frame);
        }
      }
    });
  }

  /** Opens `url` (ws://…/api/support/chat?…) with the given headers; rejects with the HTTP status when refused. */
  static open(url: string, headers: Record<string, string>): Promise<ChatClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const client = new ChatClient(ws);
      ws.on('open', () => resolve(client));
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on('error', (err) => reject(err));
    });
  }

  send(frame: Record<string, unknown>): void {
    this.#ws.send(JSON.stringify(frame));
  }

  sendRaw(text: string): void {
    this.#ws.send(text);
  }

  /**
   * The first frame of the type that matches and was not returned by an earlier `next` (frames already
   * received count), waiting up to `timeoutMs` for it.
   */
  next<T extends ChatServerFrame['type']>(
    type: T,
    match: (f: Extract<ChatServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Extract<ChatServerFrame, { type: T }>> {
    const test = (f: ChatServerFrame) =>
      !this.#taken.has(f) && f.type === type && match(f as Extract<ChatServerFrame, { type: T }>);
    const already = this.frames.find(test);
    if (already) {
      this.#taken.add(already);
      return Promise.resolve(already as Extract<ChatServerFrame, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push({
        match: test,
        resolve: (f) => {
          clearTimeout(timer);
          this.#taken.add(f);
          resolve(f as Extract<ChatServerFrame, { type: T }>);
        },
      });
    });
  }

  /** Every message id this window received (history frames and message frames), in order. */
  messageIds(): string[] {
    return this.frames.flatMap((f) =>
      f.type === 'history' ? f.messages.map((m) => m.messageId) : f.type === 'message' ? [f.message.messageId] : [],
    );
  }

  close(): Promise<number> {
    this.#ws.close();
    return this.closed;
  }

  /** Drops the connection without a closing handshake (a network cut). */
  cut(): Promise<number> {
    this.#ws.terminate();
    return this.closed;
  }
}

/** The headers a browser tab of the app sends on the upgrade: its cookies and its own origin. */
export function socketHeaders(t: TestContext, base: string, headers: Record<string, string> = {}) {
  return { origin: t.config.publicUrl ? new URL(t.config.publicUrl).origin : base, ...headers };
}

export function wsUrl(base: string, query = ''): string {
  return `${base.replace(/^http/, 'ws')}/api/support/chat${query ? `?${query}` : ''}`;
}

let ipSeq = 0;
/** A new client address (new conversations are limited per IP). */
export function nextIp(): string {
  ipSeq += 1;
  return `198.51.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

/** A user and a started conversation (within hours unless the clock says otherwise). */
export async function userWithConversation(t: TestContext, message?: string) {
  const user = await signIn(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support/conversations',
    remoteAddress: nextIp(),
    headers: { ...user.headers, ...EN },
    payload: message ? { message, clientId: `first-${user.user.id}` } : {},
  });
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.body}`);
  return { user, conversationId: res.json().data.conversation.conversationId as string };
}

/** A support agent who claimed the conversation. */
export async function agentClaiming(t: TestContext, conversationId: string) {
  const agent = await signIn(t, 'support');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/support/conversations/${conversationId}/claim`,
    headers: { ...agent.headers, ...EN },
  });
  if (res.statusCode !== 200) throw new Error(`claim failed: ${res.body}`);
  return agent;
}

/** A minimal valid PNG (1×1). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file field `file`. */
export function multipartFile(fileName: string, contentType: string, data: Buffer) {
  const boundary = `----chat${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
