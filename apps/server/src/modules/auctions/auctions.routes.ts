import { AuctionDetailSchema, BidsPageSchema, BidsQuerySchema, PlaceBidRequestSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { isRecordedAnswer, keyedRequestOf, sendRecorded } from '../../platform/idempotency.ts';
import { auctionLiveRoutes } from './auctions.live.ts';
import { measureBid } from './auctions.metrics.ts';
import { exitAuction, getAuctionDetail, listBids, placeBid } from './auctions.service.ts';

const tags = ['auctions'];
/** Any text: an id that is not a lot's (non-numeric, too large) is Auction.NotFound, not Request.Invalid. */
const auctionParams = z.object({ auctionId: z.string().max(64) });

/** Bidding (registered under /api): a lot's detail, its bid records, placing a bid, exiting, live updates. */
export const auctionBiddingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(auctionLiveRoutes);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/auctions/:auctionId',
    {
      config: { errors: ['Auction.NotFound'], access: 'public' },
      schema: {
        tags,
        summary: 'One lot: the domain, its bidding state and, signed in, mine',
        description:
          'Visitors too (personal fields false/null/0). `depositCents` is the deposit the next bid at the minimum ' +
          'needs in total; `depositDueCents` what it would still add to what I hold. Auction.NotFound (404).',
        params: auctionParams,
        response: { 200: okSchema(AuctionDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await getAuctionDetail(
          app,
          { userId: request.user?.id ?? null, locale: request.locale },
          request.params.auctionId,
        ),
      ),
  );

  app.get(
    '/auctions/:auctionId/bids',
    {
      config: { errors: ['Auction.NotFound'], access: 'public' },
      schema: {
        tags,
        summary: 'Bid records, newest first',
        description:
          'Every price change, manual or proxy; other bidders appear only by their number. Each record carries ' +
          'the hash of the one before (`prevHash`, 64 zeros for the first) and its own ' +
          '`hash = sha256hex(bidHashInput(auctionId, record))`; `chainHead` is the newest hash.',
        params: auctionParams,
        querystring: BidsQuerySchema,
        response: { 200: okSchema(BidsPageSchema) },
      },
    },
    async (request) =>
      ok(
        await listBids(
          app,
          { userId: request.user?.id ?? null, locale: request.locale },
          request.params.auctionId,
          request.query,
        ),
      ),
  );

  app.post(
    '/auctions/:auctionId/bids',
    {
      schema: {
        tags,
        summary: 'Place a bid (amount and optional hidden maximum)',
        description:
          'Proxy bidding with a deposit of max($10, 10% of my maximum) held on my first bid in the lot and topped ' +
          'up when my maximum rises. Errors: Commodity.UserContactInfoIncomplete, Auction.NotFound, ' +
          'Auction.NotOpen, Auction.Exited, Auction.BidTooLow (data minNextBidCents), Funds.InsufficientBalance ' +
          '(402, data requiredCents and availableCents). Returns the lot after the bid. Honours Idempotency-Key.',
        params: auctionParams,
        body: PlaceBidRequestSchema,
        response: { 200: okSchema(AuctionDetailSchema) },
      },
      // Bids are group-committed: the batch records a keyed bid's answer with the bid (ADR 0005).
      config: {
        errors: [
          'Commodity.UserContactInfoIncomplete',
          'Auction.NotFound',
          'Auction.NotOpen',
          'Auction.Exited',
          'Auction.BidTooLow',
          'Funds.InsufficientBalance',
        ],
        access: 'user',
        restrict: 'bid',
        idempotency: 'batched',
      },
    },
    async (request, reply) => {
      const { auctionId } = request.params;
      const user = requireUser(request);
      const answer = await measureBid(app, () =>
        placeBid(app, user, auctionId, request.body, request.locale, keyedRequestOf(request)),
      );
      return isRecordedAnswer(answer) ? sendRecorded(reply, answer) : ok(answer);
    },
  );

  app.post(
    '/auctions/:auctionId/exit',
    {
      schema: {
        tags,
        summary: 'Exit a lot I am not leading',
        description:
          'Releases my whole deposit at once; final for that lot. Errors: Auction.NotFound, Auction.NotOpen, ' +
          'Auction.NotParticipant, Auction.Exited, Auction.LeaderCannotExit.',
        params: auctionParams,
        response: { 200: okSchema(AuctionDetailSchema) },
      },
      config: {
        errors: [
          'Auction.NotFound',
          'Auction.NotOpen',
          'Auction.NotParticipant',
          'Auction.Exited',
          'Auction.LeaderCannotExit',
        ],
        access: 'user',
      },
    },
    async (request) => ok(await exitAuction(app, requireUser(request), request.params.auctionId, request.locale)),
  );
};
