import {
  type ChatClientFrame,
  ChatClientFrameSchema,
  ChatSocketQuerySchema,
  ERROR_CATALOGUE,
  type ErrorCode,
  type Locale,
} from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../platform/errors.ts';
import { unsafeTextPaths } from '../../platform/hostile-input.ts';
import type { ChatConnection, ChatHub, ChatSocket } from './chat.hub.ts';
import { findUnclosedOfUser } from './chat.repository.ts';
import {
  announceTyping,
  audienceOf,
  type ChatContext,
  type ChatViewer,
  loadConversation,
  markRead,
  sendMessage,
  sideOf,
  viewerOf,
  visitorViewer,
} from './chat.service.ts';

/** The `ws` socket as the handler uses it (the library ships no types here). */
interface WsSocket extends ChatSocket {
  on(event: 'message', fn: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', fn: () => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
}

/** Frames that are not JSON or not ChatClientFrames: after this many the socket is closed. */
const MAX_BAD_FRAMES = 20;
/** Typing frames closer together than this are ignored (the web sends one per CHAT_LIMITS.typingThrottleMs). */
const TYPING_MIN_GAP_MS = 1000;

interface Resolved {
  viewer: ChatViewer;
  conversationId: bigint | null;
  afterId: bigint | undefined;
}

/** Who opens the socket: a signed-in user (their conversation), support staff (their claimed ones), a visitor (token). */
async function resolveSocket(
  ctx: ChatContext,
  request: FastifyRequest,
  query: { conversationId?: string | undefined; afterId?: string | undefined; token?: string | undefined },
): Promise<Resolved> {
  const afterId = query.afterId === undefined ? undefined : BigInt(query.afterId);
  const asked = query.conversationId === undefined ? undefined : BigInt(query.conversationId);
  if (request.user) {
    const viewer = viewerOf(request.user);
    if (viewer.kind === 'staff') return { viewer, conversationId: null, afterId: undefined };
    if (asked !== undefined) {
      await loadConversation(ctx, viewer, asked);
      return { viewer, conversationId: asked, afterId };
    }
    const open = await findUnclosedOfUser(ctx.platform.db, request.user.id);
    if (!open) throw new AppError('Chat.ConversationNotFound');
    return { viewer, conversationId: open.id, afterId };
  }
  if (query.token === undefined) throw new AppError('Account.Unauthorized');
  const viewer = await visitorViewer(ctx, query.token);
  if (viewer.kind !== 'visitor') throw new AppError('Chat.VisitorTokenInvalid');
  if (asked !== undefined && asked !== viewer.conversationId) throw new AppError('Chat.ConversationNotFound');
  return { viewer, conversationId: viewer.conversationId, afterId };
}

function textOf(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * GET /api/support/chat (WebSocket). The upgrade is an ordinary request first: it is authenticated (session
 * cookie, or a visitor's `token`), must come from the site's own origin (`csrf: true`: Sec-Fetch-Site / Origin,
 * as for a state-changing GET), and is refused over HTTP (401/403/404) before switching protocols.
 */
export const chatSocketRoute: FastifyPluginAsyncZod<{ ctx: ChatContext; hub: ChatHub }> = async (app, { ctx, hub }) => {
  const resolved = new WeakMap<FastifyRequest, Resolved>();

  app.get(
    '/support/chat',
    {
      websocket: true,
      // The URL may carry a visitor's token: no per-request info lines (they log the URL).
      logLevel: 'warn',
      schema: { querystring: ChatSocketQuerySchema },
      config: {
        access: 'public',
        csrf: true,
        errors: ['Chat.ConversationNotFound', 'Chat.VisitorTokenInvalid', 'Account.Unauthorized'],
      },
      preHandler: async (request) => {
        resolved.set(request, await resolveSocket(ctx, request, request.query));
      },
      // A refused upgrade (401/403/404 answered over HTTP) lets go of its socket at once: nothing else will.
      onResponse: async (request) => {
        if (request.headers.upgrade?.toLowerCase() === 'websocket') request.raw.socket?.destroy();
      },
    },
    (rawSocket, request) => {
      const socket = rawSocket as unknown as WsSocket;
      const found = resolved.get(request);
      if (!found) {
        socket.close(4401, 'unauthorized');
        return;
      }
      const locale: Locale = request.locale;
      const { viewer } = found;
      const conn: ChatConnection = {
        socket,
        viewer,
        audience: audienceOf(viewer),
        side: sideOf(viewer),
        lastSent: new Map(),
        alive: true,
      };
      let badFrames = 0;
      let lastTypingAt = 0;

      const refuse = (err: unknown, clientId: string | null) => {
        let code: ErrorCode = 'Request.Failed';
        let retryAfterSeconds: number | null = null;
        if (isAppError(err)) {
          code = err.code;
          const data = err.data as { retryAfterSeconds?: number } | null;
          retryAfterSeconds = typeof data?.retryAfterSeconds === 'number' ? data.retryAfterSeconds : null;
        } else {
          request.log.error({ err }, 'chat frame failed');
        }
        hub.reply(conn, { type: 'error', code, message: ERROR_CATALOGUE[code][locale], clientId, retryAfterSeconds });
      };

      /** The conversation a frame is about: a user's socket is bound to one; an agent names one they joined. */
      const conversationOf = (frame: ChatClientFrame): string => {
        if (viewer.kind !== 'staff') {
          const bound = found.conversationId?.toString();
          if (!bound || (frame.conversationId !== undefined && frame.conversationId !== bound)) {
            throw new AppError('Chat.ConversationNotFound');
          }
          return bound;
        }
        if (frame.conversationId === undefined) throw new AppError('Chat.ConversationNotFound');
        return frame.conversationId;
      };

      const handle = async (frame: ChatClientFrame) => {
        const conversationId = conversationOf(frame);
        switch (frame.type) {
          case 'send':
            await sendMessage(ctx, viewer, conversationId, {
              clientId: frame.clientId,
              body: frame.body,
              ...(frame.attachmentId !== undefined ? { attachmentId: frame.attachmentId } : {}),
            });
            return;
          case 'typing': {
            const now = Date.now();
            if (now - lastTypingAt < TYPING_MIN_GAP_MS) return;
            lastTypingAt = now;
            await announceTyping(ctx, viewer, BigInt(conversationId));
            return;
          }
          case 'read':
            await markRead(ctx, viewer, conversationId, frame.upToId);
            return;
          case 'resume':
            await hub.resume(conn, conversationId, BigInt(frame.afterId));
            return;
        }
      };

      socket.on('pong', () => {
        conn.alive = true;
      });
      socket.on('error', (err) => request.log.debug({ err }, 'chat socket error'));
      socket.on('close', () => hub.disconnect(conn));
      socket.on('message', (data, isBinary) => {
        conn.alive = true;
        let parsed: unknown;
        try {
          if (isBinary) throw new Error('binary frame');
          parsed = JSON.parse(textOf(data));
        } catch {
          parsed = undefined;
        }
        const result =
          parsed !== undefined && unsafeTextPaths(parsed).length === 0 ? ChatClientFrameSchema.safeParse(parsed) : null;
        if (!result?.success) {
          badFrames += 1;
          const clientId = (parsed as { clientId?: unknown } | undefined)?.clientId;
          refuse(new AppError('Request.Invalid'), typeof clientId === 'string' ? clientId.slice(0, 64) : null);
          if (badFrames >= MAX_BAD_FRAMES) socket.close(4400, 'too many bad frames');
          return;
        }
        const frame = result.data;
        handle(frame).catch((err: unknown) => refuse(err, frame.type === 'send' ? frame.clientId : null));
      });

      hub.connect(conn, found.conversationId, found.afterId).catch((err: unknown) => {
        request.log.warn({ err }, 'chat socket could not join');
        socket.close(4404, 'not found');
      });
    },
  );
};
