import { depositFor } from '@namebourse/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/open-database.ts';
import {
  insertOpenLot,
  lotRow,
  referenceOutcome,
  spacedMaximums,
} from '../src/modules/auctions/auctions.load.test-support.ts';
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
  type Exit,
  freePort,
  killAllServers,
  type ServerProcess,
  seededRandom,
  shuffled,
  startServer,
  stopwatch,
} from './server-process.ts';

/**
 * `kill -9` under bidding load on PostgreSQL (issue 12): 32 bidders with their own maximums and
 * Idempotency-Keys bid on 4 lots at once against one server process. After a seeded number of
 * answers the server is killed from outside (SIGKILL) and restarted on the same database with the
 * crash hook `NB_CRASH_POINTS=idempotency.after-commit:<n>`, so it kills itself right after its
 * n-th keyed business transaction commits and before that answer is sent; it is restarted again.
 * Every request whose answer was lost is asked again with the same key until answered. Then:
 * every answer is replayed unchanged; a retry after the self-kill replays the committed answer;
 * no retry waits on `Request.IdempotencyInProgress` for more than a few seconds or is refused for
 * its own committed bid; each accepted bid is recorded once with its deposit held once by the
 * rule; each lot ends where the reference model says; the books balance.
 */

const SEED = 12_032;
const BIDDERS = 32;
const START_PRICES_CENTS = [150_000, 250_000, 400_000, 600_000];

describe.skipIf(!process.env.TEST_DATABASE_URL)('kill -9 under bidding load (PostgreSQL)', () => {
  let database: Database | undefined;
  /** Set when the test is over: no server is (re)started after that. */
  let closed = false;

  afterAll(async () => {
    closed = true;
    await killAllServers();
    await database?.close();
  });

  it('every acknowledged bid is kept once and every retry is answered as first answered', async () => {
    const random = seededRandom(SEED);
    const time = stopwatch();
    const url = await createPgDatabase();
    database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 4 });
    const { db } = database;
    const now = new Date();
    const lots = [];
    for (const [i, price] of START_PRICES_CENTS.entries()) {
      lots.push(await insertOpenLot(db, now, `crash${i}x${Date.now().toString(36)}.com`, price));
    }
    const users = await seedBidders(db, now, BIDDERS, 'crash');
    time.lap('database and bidders');

    const port = await freePort();
    const servers: ServerProcess[] = [];
    const start = async (env: Record<string, string> = {}) => {
      if (closed) throw new Error('the test is over');
      const server = await startServer({ databaseUrl: url, port, env });
      servers.push(server);
      return server;
    };
    let current = await start();
    let generation = 1;
    time.lap('server start');

    const bidders = await signInBidders(users, () => current.baseUrl);
    time.lap('sign-in');

    // Each bidder bids on two neighbouring lots (16 bidders a lot), with a seeded maximum in each.
    const pairs: BidPair[] = [];
    for (const [l, lot] of lots.entries()) {
      const startPriceCents = START_PRICES_CENTS[l] as number;
      const maximums = shuffled(spacedMaximums(BIDDERS / 2, startPriceCents, random), random);
      const onLot = bidders.filter((_, i) => i % lots.length === l || (i + 1) % lots.length === l);
      for (const [k, bidder] of onLot.entries()) {
        pairs.push({
          label: `crash-l${l}-b${bidders.indexOf(bidder)}`,
          bidder,
          auctionId: lot.id.toString(),
          maxCents: maximums[k] as number,
          startPriceCents,
        });
      }
    }

    // The kills, at seeded points: from outside after `killAfter` answers, then by the hook after
    // the restarted server's `hookAfter`-th keyed business transaction.
    const killAfter = 30 + Math.floor(random() * 30);
    const hookAfter = 2 + Math.floor(random() * 4);
    let answered = 0;
    let outsideExit: Exit | null = null;
    let hookExit: Exit | null = null;
    let restarts: Promise<void> = Promise.resolve();
    /** Seconds each kill kept the server away (kill → the next process listening). */
    const downtimes: string[] = [];
    const run = newLoadRun(Date.now() + 100_000, () => generation);
    /** Waits for the server to die, then starts the next one on the same port and database. */
    const restart = async (after: Promise<Exit>, died: (exit: Exit) => void, env: Record<string, string> = {}) => {
      died(await after);
      const diedAt = Date.now();
      current = await start(env);
      generation += 1;
      downtimes.push(((Date.now() - diedAt) / 1000).toFixed(1));
    };
    const failed = (error: unknown) => {
      run.violations.push(`restart failed: ${error instanceof Error ? error.message : String(error)}`);
    };
    let hookRestart: Promise<void> = Promise.resolve();
    run.onAnswer = () => {
      answered += 1;
      if (answered !== killAfter) return;
      const victim = current;
      process.kill(victim.pid, 'SIGKILL');
      restarts = restart(
        victim.exited,
        (exit) => {
          outsideExit = exit;
        },
        { NB_CRASH_POINTS: `idempotency.after-commit:${hookAfter}` },
      ).then(() => {
        // The restarted server kills itself at the hook (if it does not, it is left running and
        // the test fails below); it is restarted once more.
        hookRestart = restart(current.exited, (exit) => {
          hookExit = exit;
        }).catch(failed);
      }, failed);
    };

    const started = Date.now();
    const order = shuffled(pairs, random);
    const results = await Promise.all(order.map((pair) => bidUntilSettled(run, pair)));
    await restarts;
    // The self-kill's lost answers were retried until the server after it answered: it is up.
    if (hookExit) await hookRestart;
    const elapsedMs = Date.now() - started;
    time.lap('load with kills and restarts');
    const accepted = new Map<string, KeyedBid | null>(order.map((pair, i) => [pair.label, results[i] ?? null]));
    const lostBids = run.bids.filter((b) => b.lostIn.length > 0);
    const hookLost = run.bids.filter((b) => b.lostIn.includes(2));
    const finals = await Promise.all(lots.map((lot) => lotRow(db, lot.id)));
    console.log(
      `crash: ${BIDDERS} bidders on ${lots.length} lots, ${run.bids.length} requests (${run.sends} sent) in ${elapsedMs} ms; ` +
        `${run.bids.filter((b) => b.answer).length} acknowledged, ${[...accepted.values()].filter(Boolean).length} accepted; ` +
        `${lostBids.length} lost an answer and were retried (${run.lost} lost sends), ` +
        `${lostBids.filter((b) => b.replayedAfterLoss).length} answered by replay, ${run.inProgressWaits} in-progress waits; ` +
        `kills: outside after ${killAfter} answers ${JSON.stringify(outsideExit)}, ` +
        `hook after ${hookAfter} keyed transactions ${JSON.stringify(hookExit)}, down ${downtimes.join(' s and ')} s ` +
        `(${hookLost.length} requests lost there, replayed: ${hookLost
          .filter((b) => b.replayedAfterLoss)
          .map((b) => `${b.key} ${b.answer?.status}`)
          .join(', ')}); ` +
        `final prices ${finals.map((r) => r.currentPriceCents).join(', ')} cents; violations ${run.violations.length}; ${time}`,
    );

    expect(run.violations).toEqual([]);
    expect(outsideExit, 'the server killed from outside').toMatchObject({ signal: 'SIGKILL' });
    expect(
      hookExit,
      `the restarted server did not kill itself at NB_CRASH_POINTS=idempotency.after-commit:${hookAfter}:\n${servers[1]?.output() ?? ''}`,
    ).toMatchObject({ signal: 'SIGKILL' });
    // The request whose commit the hook cut off got no answer; asked again, it gets the committed one.
    expect(hookLost.some((b) => b.replayedAfterLoss)).toBe(true);

    // Every answer, asked again, is the first answer unchanged (the self-kill's retries included).
    expect(await replayAll(run.bids, () => current.baseUrl)).toEqual([]);

    for (const lot of lots) {
      const onLot = pairs.filter((p) => p.auctionId === lot.id.toString());
      const reference = referenceOutcome(
        lot.startPriceCents,
        onLot.map((p) => ({ userId: p.bidder.id.toString(), maxCents: p.maxCents })),
      );
      expect(await lotProblems(db, lot.id.toString(), onLot, accepted, reference)).toEqual([]);
    }
    const frozen = new Map<string, number>();
    for (const p of pairs) {
      if (!accepted.get(p.label)) continue;
      frozen.set(p.bidder.email, (frozen.get(p.bidder.email) ?? 0) + depositFor(p.maxCents));
    }
    expect(await fundsProblems(bidders, (b) => frozen.get(b.email) ?? 0)).toEqual([]);
    const books = await booksBalanced(db);
    expect(books.balanced, books.detail).toBe(true);
    time.lap('checks');
    console.log(`crash: checks passed (replays, records, deposits, funds, books); ${time}`);
  }, 180_000);
});
