import { type AuctionLive, AuctionLiveSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { AUCTION_EVENTS, getLive, parseAuctionId } from './auctions.service.ts';

/** How often a comment line keeps idle proxies from closing the stream. */
export const SSE_PING_MS = 15_000;

function frame(event: 'price' | 'closed', data: AuctionLive): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /auctions/:auctionId/events (registered under /api): server-sent events. On connect the
 * lot's current state as `event: price`; then every `auction.updated` (→ `price`) and
 * `auction.closed` (→ `closed`) of that lot from the event bus, which carries events between
 * instances through LISTEN/NOTIFY on PostgreSQL; a `: ping` comment every 15 s. The reply is
 * hijacked, so the envelope, idempotency and onSend hooks never touch the stream.
 */
export const auctionLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Open streams, ended before the server closes (so app.close() does not wait on them). */
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  /**
   * The streams of each lot. One bus subscription per event name for the whole app: an event is checked and
   * turned into its frame once, then written to every stream of its lot (10,000 watchers of a hot lot cost
   * one parse and one JSON.stringify per update, not 10,000).
   */
  const watchers = new Map<string, Set<(text: string) => void>>();
  const fanOut = (event: 'price' | 'closed') => (e: DomainEvent) => {
    const auctionId = String((e.payload as { auctionId?: unknown } | null)?.auctionId);
    const streams = watchers.get(auctionId);
    if (!streams || streams.size === 0) return;
    const send = (text: string) => {
      for (const write of streams) write(text);
    };
    const parsed = AuctionLiveSchema.safeParse(e.payload);
    if (parsed.success) {
      send(frame(event, parsed.data));
      return;
    }
    // An event without the full state: send the lot as it is now (read once for all its streams).
    const id = parseAuctionId(auctionId);
    if (id === null) return;
    getLive(app, id)
      .then((live) => live && send(frame(event, live)))
      .catch((err: unknown) => app.log.warn({ err, auctionId }, 'live state not read'));
  };
  const unsubscribe = [
    app.platform.events.subscribe(AUCTION_EVENTS.updated, fanOut('price')),
    app.platform.events.subscribe(AUCTION_EVENTS.closed, fanOut('closed')),
  ];
  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off();
  });

  app.get(
    '/auctions/:auctionId/events',
    {
      config: {
        errors: ['Auction.NotFound'],
        access: 'public',
        produces: { type: 'text/event-stream', description: 'Server-sent events: the lot as it changes' },
      },
      schema: {
        tags: ['auctions'],
        summary: 'Live updates of a lot (server-sent events)',
        description:
          'text/event-stream: `event: price` with the lot’s AuctionLive state on connect and after every bid, ' +
          '`event: closed` when it closes, and a `: ping` comment every 15 s. Auction.NotFound (404) before the stream.',
        params: z.object({ auctionId: z.string().max(64) }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const id = parseAuctionId(request.params.auctionId);
      const initial = id === null ? undefined : await getLive(app, id);
      if (id === null || !initial) throw new AppError('Auction.NotFound');
      const auctionId = id.toString();

      reply.hijack();
      const res = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = value as string | number | string[];
      }
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.flushHeaders?.();

      let closed = false;
      const write = (text: string) => {
        if (!closed && !res.writableEnded) res.write(text);
      };
      // The client's EventSource reconnects after 3 s when the stream drops.
      write('retry: 3000\n\n');
      write(frame('price', initial));

      let lotStreams = watchers.get(auctionId);
      if (!lotStreams) {
        lotStreams = new Set();
        watchers.set(auctionId, lotStreams);
      }
      lotStreams.add(write);
      const ping = setInterval(() => write(': ping\n\n'), SSE_PING_MS);
      ping.unref();

      const streams = app.platform.metrics.sseConnections;
      streams.inc({ stream: 'auction' });
      const cleanup = () => {
        if (closed) return;
        closed = true;
        streams.dec({ stream: 'auction' });
        open.delete(cleanup);
        clearInterval(ping);
        lotStreams.delete(write);
        if (lotStreams.size === 0 && watchers.get(auctionId) === lotStreams) watchers.delete(auctionId);
        if (!res.writableEnded) res.end();
      };
      // The response's 'close' fires when the client goes away (the request's fires once it is read).
      res.on('close', cleanup);
      res.on('error', cleanup);
      open.add(cleanup);
    },
  );
};
