import { depositFor } from '@namebourse/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/open-database.ts';
import { insertOpenLot, referenceOutcome, spacedMaximums } from '../src/modules/auctions/auctions.load.test-support.ts';
import {
  type BidPair,
  bidUntilSettled,
  booksBalanced,
  fundsProblems,
  type KeyedBid,
  lotProblems,
  newLoadRun,
  replayAll,
  seedBidders,
  signInBidders,
} from './bidding-load.ts';
import { createPgDatabase } from './helpers.ts';
import {
  envelopeOf,
  freePort,
  HttpUser,
  killAllServers,
  type ServerProcess,
  seededRandom,
  shuffled,
  startServer,
  stopwatch,
} from './server-process.ts';

/**
 * Two server processes on one PostgreSQL database (issue 12): bidders split over them bid on one
 * lot at once, each with their own maximum, in a seeded order. Whatever order the two servers
 * decided them in, the lot ends where the rules say (the pure engine's reference), both servers
 * show the same lot and records, every answer is replayed unchanged by the other server, each
 * accepted bid is recorded once with its deposit held once, and the books balance.
 */

const SEED = 20_260_112;
const BIDDERS = 16;
const START_PRICE_CENTS = 250_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one database (PostgreSQL)', () => {
  const servers: ServerProcess[] = [];
  let database: Database | undefined;

  afterAll(async () => {
    await killAllServers();
    await database?.close();
  });

  it('bids split over two servers end where the reference model says, seen alike by both', async () => {
    const random = seededRandom(SEED);
    const time = stopwatch();
    const url = await createPgDatabase();
    database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 4 });
    const { db } = database;
    const now = new Date();
    const lot = await insertOpenLot(db, now, `twoinst${Date.now().toString(36)}.com`, START_PRICE_CENTS);
    const users = await seedBidders(db, now, BIDDERS, 'twoinst');
    time.lap('database and bidders');

    const ports = [await freePort(), await freePort()];
    servers.push(...(await Promise.all(ports.map((port) => startServer({ databaseUrl: url, port })))));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    time.lap('two server starts');

    // Seeded: who gets which maximum, who talks to which server, and the order they start in.
    const maximums = shuffled(spacedMaximums(BIDDERS, START_PRICE_CENTS, random), random);
    const bidders = await signInBidders(users, (i) => (i % 2 === 0 ? a : b).baseUrl);
    time.lap('sign-in');
    const auctionId = lot.id.toString();
    const pairs: BidPair[] = bidders.map((bidder, i) => ({
      label: `two-${i}`,
      bidder,
      auctionId,
      maxCents: maximums[i] as number,
      startPriceCents: START_PRICE_CENTS,
    }));

    const run = newLoadRun(Date.now() + 60_000);
    const order = shuffled(pairs, random);
    const started = Date.now();
    const results = await Promise.all(order.map((pair) => bidUntilSettled(run, pair)));
    const accepted = new Map<string, KeyedBid | null>(order.map((pair, i) => [pair.label, results[i] ?? null]));
    const elapsedMs = Date.now() - started;
    time.lap('load');
    expect(run.violations).toEqual([]);

    const reference = referenceOutcome(
      START_PRICE_CENTS,
      order.map((p) => ({ userId: p.bidder.id.toString(), maxCents: p.maxCents })),
    );

    // Both servers show the same lot and the same records, as the reference says.
    const views = await Promise.all(
      [a, b].map(async (server) => {
        const http = new HttpUser();
        const detail = envelopeOf(await http.request(server.baseUrl, 'GET', `/api/auctions/${auctionId}`))?.data as
          | Record<string, unknown>
          | undefined;
        const records = await http.request(server.baseUrl, 'GET', `/api/auctions/${auctionId}/bids?pageSize=100`);
        const { serverTime: _t, ...stable } = detail ?? {};
        return { detail: stable, records: envelopeOf(records)?.data };
      }),
    );
    expect(views[0]?.detail).toMatchObject({ currentPriceCents: reference.priceCents, status: 'bidding' });
    expect(views[1]).toEqual(views[0]);

    // The leader sees themself leading on both servers; the runner-up does not.
    const leader = pairs.find((p) => p.bidder.id.toString() === reference.leaderId) as BidPair;
    for (const server of [a, b]) {
      const mine = envelopeOf(await leader.bidder.http.request(server.baseUrl, 'GET', `/api/auctions/${auctionId}`));
      expect(mine?.data).toMatchObject({ isLeading: true, myMaxBidCents: leader.maxCents });
    }

    // Each answer, asked again on the other server, is the first answer unchanged.
    const other = (bid: KeyedBid) => (bid.pair.bidder.baseUrl === a.baseUrl ? b : a).baseUrl;
    expect(await replayAll(run.bids, other)).toEqual([]);

    expect(await lotProblems(db, auctionId, pairs, accepted, reference)).toEqual([]);
    const depositOf = new Map(pairs.map((p) => [p.bidder.email, accepted.get(p.label) ? depositFor(p.maxCents) : 0]));
    expect(await fundsProblems(bidders, (x) => depositOf.get(x.email) ?? -1)).toEqual([]);
    const books = await booksBalanced(db);
    expect(books.balanced, books.detail).toBe(true);

    time.lap('checks');
    const acceptedCount = [...accepted.values()].filter(Boolean).length;
    console.log(
      `two instances: ${BIDDERS} bidders over 2 servers, ${run.bids.length} requests (${run.sends} sent) in ${elapsedMs} ms, ` +
        `${acceptedCount} accepted, ${run.bids.length - acceptedCount} refused as too low; ` +
        `final price ${reference.priceCents} cents, leader ${reference.leaderId} (max ${leader.maxCents}); ` +
        `replays ${run.bids.length} on the other server; books balanced; ${time}`,
    );
  }, 150_000);
});
