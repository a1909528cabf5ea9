import {
  type AuctionDetail,
  type AuctionLive,
  type Locale,
  minNextBidCents,
  type PlaceBidRequest,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { KeyedBatcher, type Settled } from '../../platform/batcher.ts';
import { AFTER_KEYED_COMMIT } from '../../platform/crash-points.ts';
import { AppError } from '../../platform/errors.ts';
import {
  answerOf,
  findAnswers,
  type KeyedRequest,
  type RecordedAnswer,
  recordAnswers,
  type StoredResponse,
} from '../../platform/idempotency.ts';
import { heldForMany, holdBatch } from '../ledger/ledger.service.ts';
import { type NotifyInput, notifyMany } from '../messages/messages.service.ts';
import { incompleteContactInfo } from '../profile/profile.service.ts';
import { type BidInput, decideBid } from './auctions.bidding.decide.ts';
import { auctionDepositRule, depositRef } from './auctions.deposits.ts';
import { AUCTION_EVENTS, publishLive } from './auctions.events.ts';
import { toDetail, toLive } from './auctions.presenter.ts';
import {
  type AuctionRow,
  type BidderRow,
  findBidders,
  type LotChanges,
  lockAuction,
  type NewBidRow,
  parseAuctionId,
  saveBidBatch,
  watchedBy,
} from './auctions.repository.ts';

/**
 * Bidding (issue 5 "Rules", ADR 0010): one database transaction per bid locks the lot row, runs
 * the pure engine, holds or tops up the deposit through the ledger, appends the bid records to the
 * lot's hash chain and updates the lot; the outbid bidder's message is written in the same
 * transaction, and the live event is published after commit. Bids are group-committed per lot
 * (ADR 0011): this file runs the batches (one transaction each, keyed answers recorded with the
 * bids); auctions.bidding.decide.ts decides each bid of a batch. Routes and other areas call them
 * through the service (auctions.service.ts).
 */

/** Auction.NotFound (404), for bidding and the service's reads and exit alike. */
export function notFound(): AppError {
  return new AppError('Auction.NotFound');
}

/** The lot id in a route's text, or Auction.NotFound when it cannot be one. */
export function idOrNotFound(raw: string): bigint {
  const id = parseAuctionId(raw);
  if (id === null) throw notFound();
  return id;
}

/** One bid waiting for its lot's next batch. */
interface BidJob extends BidInput {
  /**
   * An Idempotency-Key on the request: the batch answers it from a stored answer, or records the
   * answer (rendered from the outcome) in its own transaction, with the bid.
   */
  keyed?: { request: KeyedRequest; render(outcome: BidOutcome): string } | undefined;
}

/** What a bidder sees after their bid: the lot after the batch, their own row and deposit. */
interface BidOutcome {
  row: AuctionRow;
  bidder: BidderRow | undefined;
  heldCents: number;
  /** When the batch decided the bid. */
  now: Date;
  /** For a keyed bid: the answer recorded with the bid, or the one stored by its first request. */
  answer?: RecordedAnswer;
}

/** What is read about a bidder before their bid queues for the lot. */
interface BidderCheck {
  /** Complete contact information (bidding needs it). */
  complete: boolean;
  /** Whether they watch the lot (their answer shows it). */
  watched: boolean;
}

/** The batchers of one app instance (tests run several instances in one process). */
interface BidBatchers {
  /** Contact information and watch flags of a lot's bidders, read together per batch. */
  checks: KeyedBatcher<bigint, BidderCheck>;
  /** The bids on a lot, decided together per batch under the lot's lock. */
  bids: KeyedBatcher<BidJob, BidOutcome>;
  /** Per lot, the live update being published: the next waits for it, the next batch does not. */
  lives: Map<string, Promise<void>>;
}
const batchers = new WeakMap<object, BidBatchers>();

function bidBatchers(app: Pick<App, 'platform' | 'log'>): BidBatchers {
  let found = batchers.get(app.platform);
  if (!found) {
    found = {
      checks: new KeyedBatcher((key, userIds) => checkBidders(app, BigInt(key), userIds)),
      bids: new KeyedBatcher((key, jobs) => runBids(app, BigInt(key), jobs)),
      lives: new Map(),
    };
    batchers.set(app.platform, found);
  }
  return found;
}

/**
 * POST /auctions/:auctionId/bids. Errors: Auction.NotFound, Commodity.UserContactInfoIncomplete,
 * Auction.NotOpen, Auction.Exited, Auction.BidTooLow (data minNextBidCents; `reason: 'maxNotRaised'`
 * when the leader's new maximum is not above their current one), Funds.InsufficientBalance (data
 * requiredCents, availableCents). Nothing changes on a refusal.
 *
 * Bids on one lot are group-committed (ADR 0011) in two stages, each batched: first the bidders'
 * contact information and watch flags are read (one read for all bids arriving meanwhile, while
 * the lot's previous batch still holds the lock); then the bids that arrive while the lot's
 * previous batch holds its row lock are decided together, one after the other in arrival order,
 * in one transaction; each gets its own answer, exactly as if it had run alone at its turn.
 */
export async function placeBid(
  app: Pick<App, 'platform' | 'log'>,
  user: Pick<AuthUser, 'id'>,
  rawId: string,
  body: PlaceBidRequest,
  locale: Locale,
  /** The request's Idempotency-Key, if any: the answer is then recorded with the bid (ADR 0005). */
  keyed: KeyedRequest | null = null,
): Promise<AuctionDetail | RecordedAnswer> {
  const id = idOrNotFound(rawId);
  const { checks, bids } = bidBatchers(app);
  const check = await checks.submit(id.toString(), user.id);
  if (!check.complete) throw new AppError('Commodity.UserContactInfoIncomplete');
  const depositRule = auctionDepositRule(app);
  const present = (outcome: BidOutcome) =>
    toDetail(outcome.row, {
      bidder: outcome.bidder ?? null,
      userId: user.id,
      isWatched: check.watched,
      depositHeldCents: outcome.heldCents,
      locale,
      now: outcome.now,
      depositRule,
    });
  const outcome = await bids.submit(id.toString(), {
    userId: user.id,
    body,
    keyed: keyed ? { request: keyed, render: (o) => keyed.render(present(o)) } : undefined,
  });
  return outcome.answer ?? present(outcome);
}

/** The first stage: contact information and watch flags of a batch of bidders on one lot, side by side. */
async function checkBidders(
  app: Pick<App, 'platform'>,
  id: bigint,
  userIds: bigint[],
): Promise<Settled<BidderCheck>[]> {
  const [incomplete, watched] = await Promise.all([
    incompleteContactInfo(app, userIds),
    watchedBy(app.platform.db, userIds, id),
  ]);
  return userIds.map((u) => ({
    ok: true,
    value: { complete: !incomplete.has(u.toString()), watched: watched.has(u.toString()) },
  }));
}

/** Runs one batch; when it fails as a whole (not a refusal: a database error), each bid again alone. */
async function runBids(app: Pick<App, 'platform' | 'log'>, id: bigint, jobs: BidJob[]): Promise<Settled<BidOutcome>[]> {
  let batch: Awaited<ReturnType<typeof applyBids>>;
  try {
    batch = await app.platform.db.transaction((tx) => applyBids(app, tx, id, jobs));
  } catch (error) {
    if (jobs.length === 1) return [{ ok: false, error }];
    app.log.warn({ err: error, auctionId: id.toString(), bids: jobs.length }, 'bid batch failed; bids run one by one');
    const one: Settled<BidOutcome>[] = [];
    for (const job of jobs) one.push(...(await runBids(app, id, [job])));
    return one;
  }
  if (batch.recorded) app.platform.crashPoints.pass(AFTER_KEYED_COMMIT);
  if (batch.live) publishInOrder(app, batch.live);
  return batch.results;
}

/**
 * Publishes a batch's live update after the lot's previous one (watchers see prices in order)
 * without making the lot's next batch wait for it.
 */
function publishInOrder(app: Pick<App, 'platform' | 'log'>, live: AuctionLive): void {
  const { lives } = bidBatchers(app);
  const next = (lives.get(live.auctionId) ?? Promise.resolve()).then(() =>
    publishLive(app, AUCTION_EVENTS.updated, live),
  );
  lives.set(live.auctionId, next);
  void next.then(() => {
    if (lives.get(live.auctionId) === next) lives.delete(live.auctionId);
  });
}

/**
 * The batch's transaction: lock the lot, read the bidders and their deposits once, decide each bid
 * with the engine against the lot as the bids before it left it (holding or topping up its deposit
 * in the ledger's hold batch; a refusal keeps nothing), then write the deposits, the bidders, the
 * bid records on the hash chain, the lot and the outbid messages in a statement or two each. All
 * bids of a batch are made at one time: the clock's now, or `at` when replaying history (the seeder).
 */
async function applyBids(
  app: Pick<App, 'platform'>,
  tx: Tx,
  id: bigint,
  jobs: BidJob[],
  at?: Date,
): Promise<{ results: Settled<BidOutcome>[]; live: AuctionLive | null; recorded: boolean }> {
  const now = at ?? app.platform.clock.now();
  const lot = await lockAuction(tx, id);
  if (!lot) return { results: jobs.map(() => ({ ok: false, error: notFound() })), live: null, recorded: false };
  // Keyed bids already answered (read under the lot's lock, so a duplicate on another instance has
  // committed or not started) are answered again, never applied twice; a key used twice in the
  // batch shares the first use's fate.
  const answered = await findAnswers(
    tx,
    jobs.flatMap((j) => (j.keyed ? [j.keyed.request] : [])),
    now,
  );
  const stored = new Map<number, RecordedAnswer | AppError>();
  const firstUse = new Map<string, number>();
  const sameAs = new Map<number, number>();
  for (const [index, job] of jobs.entries()) {
    if (!job.keyed) continue;
    const name = `${job.keyed.request.scope} ${job.keyed.request.key}`;
    const row = answered.get(name);
    if (row) {
      const answer = answerOf(row, job.keyed.request);
      stored.set(index, answer === 'conflict' ? new AppError('Request.IdempotencyConflict') : answer);
    } else if (firstUse.has(name)) {
      sameAs.set(index, firstUse.get(name) as number);
    } else {
      firstUse.set(name, index);
    }
  }
  const userIds = [...new Set([...jobs.map((j) => j.userId), ...(lot.leaderId === null ? [] : [lot.leaderId])])];
  const bidders = new Map((await findBidders(tx, id, userIds)).map((b) => [b.userId.toString(), b]));
  const held = await heldForMany(tx, userIds, depositRef(id));
  const deposits = holdBatch(
    tx,
    now,
    jobs.map((j) => j.userId),
  );

  // The deposit rule in force (parameters), read once for the batch.
  const depositRule = auctionDepositRule(app);
  let row = lot;
  const changed = new Map<string, BidderRow>();
  const records: NewBidRow[] = [];
  const outbid: NotifyInput[] = [];
  const refusals = new Map<number, AppError>();
  for (const [index, job] of jobs.entries()) {
    if (stored.has(index) || sameAs.has(index)) continue;
    try {
      row = await decideBid(row, job, { now, depositRule, bidders, held, deposits, changed, records, outbid });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusals.set(index, err);
    }
  }

  let updated = lot;
  if (refusals.size + stored.size + sameAs.size < jobs.length) {
    const changes: LotChanges = {
      currentPriceCents: row.currentPriceCents,
      bidCount: row.bidCount,
      bidderCount: row.bidderCount,
      leaderId: row.leaderId,
      leaderMaxCents: row.leaderMaxCents,
      endsAt: row.endsAt,
      chainHead: row.chainHead,
      updatedAt: row.updatedAt,
    };
    await deposits.commit();
    await saveBidBatch(tx, id, { bidders: [...changed.values()], records, lot: changes });
    updated = { ...lot, ...changes };
    await notifyMany(tx, outbid);
  }
  const leaderNo = updated.leaderId === null ? null : (bidders.get(updated.leaderId.toString())?.bidderNo ?? null);
  const decided = (index: number): Settled<BidOutcome> => {
    const earlier = stored.get(index);
    if (earlier instanceof AppError) return { ok: false, error: earlier };
    const key = (jobs[index] as BidJob).userId.toString();
    const value: BidOutcome = { row: updated, bidder: bidders.get(key), heldCents: held.get(key) ?? 0, now };
    if (earlier) return { ok: true, value: { ...value, answer: earlier } };
    const refusal = refusals.get(index);
    return refusal ? { ok: false, error: refusal } : { ok: true, value };
  };
  const results = jobs.map((_, index) => decided(sameAs.get(index) ?? index));
  // The answers of keyed bids are written with the bids, so a retry after a crash replays them.
  const toRecord: { keyed: KeyedRequest; stored: StoredResponse }[] = [];
  for (const [index, job] of jobs.entries()) {
    const result = results[index] as Settled<BidOutcome>;
    if (!job.keyed || !result.ok || result.value.answer) continue;
    const answer = { status: 200, type: 'application/json; charset=utf-8', body: job.keyed.render(result.value) };
    toRecord.push({ keyed: job.keyed.request, stored: answer });
    results[index] = { ok: true, value: { ...result.value, answer: { recorded: answer, replayed: false } } };
  }
  for (const [index, first] of sameAs) {
    const answer = (results[first] as Settled<BidOutcome>).ok
      ? (results[first] as { value: BidOutcome }).value.answer
      : undefined;
    if (answer)
      results[index] = {
        ok: true,
        value: { ...(results[first] as { value: BidOutcome }).value, answer: { ...answer, replayed: true } },
      };
  }
  await recordAnswers(tx, toRecord, now);
  return { results, live: records.length > 0 ? toLive(updated, leaderNo) : null, recorded: toRecord.length > 0 };
}

/**
 * Demo history (the seeder): each bidder bids the lot's minimum next bid at their time, with their
 * maximum as the proxy, through the same rules, deposits, records and messages as a live bid, one
 * transaction per lot. A bidder whose maximum is below the minimum by then does not bid. Returns
 * the number of bids accepted.
 */
export async function replayBids(
  app: Pick<App, 'platform'>,
  auctionId: bigint,
  history: { userId: bigint; maxCents: number; at: Date }[],
): Promise<number> {
  return app.platform.db.transaction(async (tx) => {
    let accepted = 0;
    for (const bid of history) {
      const row = await lockAuction(tx, auctionId);
      if (!row) throw notFound();
      const amountCents = minNextBidCents(row);
      if (amountCents > bid.maxCents) continue;
      const body = { amountCents, ...(bid.maxCents > amountCents ? { maxAmountCents: bid.maxCents } : {}) };
      const { results } = await applyBids(app, tx, auctionId, [{ userId: bid.userId, body }], bid.at);
      if (results[0]?.ok) accepted++;
    }
    return accepted;
  });
}
