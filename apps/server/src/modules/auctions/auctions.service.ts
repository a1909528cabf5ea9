import { createHash } from 'node:crypto';
import {
  type AuctionDetail,
  type AuctionLive,
  type BidsPage,
  GENESIS_HASH,
  type Locale,
  type PageQuery,
  type PlaceBidRequest,
  bidHashInput,
  depositFor,
  minNextBidCents,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type Settled, KeyedBatcher } from '../../platform/batcher.ts';
import { AFTER_KEYED_COMMIT } from '../../platform/crash-points.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type KeyedRequest,
  type RecordedAnswer,
  type StoredResponse,
  answerOf,
  findAnswers,
  recordAnswers,
} from '../../platform/idempotency.ts';
import { type HoldBatch, capture, heldFor, heldForMany, holdBatch, release } from '../ledger/ledger.service.ts';
import { type NotifyInput, notifyMany } from '../messages/messages.service.ts';
import { incompleteContactInfo } from '../profile/profile.service.ts';
import { type EngineLot, isOpenAt, placeBid as engineBid } from './auctions.engine.ts';
import { presentSummary, toBidRecord, toDetail, toLive, toSummary } from './auctions.presenter.ts';
import {
  type AuctionRow,
  type BidderRow,
  type LotChanges,
  type NewBidRow,
  findAuction,
  findBidder,
  findBidders,
  isWatching,
  listBidRows,
  lockAuction,
  parseAuctionId,
  saveBidBatch,
  updateBidder,
  watchedBy,
} from './auctions.repository.ts';

/**
 * Bidding (issue 5 "Rules", ADR 0010): one database transaction per bid locks the lot row, runs
 * the pure engine, holds or tops up the deposit through the ledger, appends the bid records to the
 * lot's hash chain and updates the lot; the outbid bidder's message is written in the same
 * transaction, and the live event is published after commit. Other areas (closing, consoles,
 * search) use the exported functions below and the presenter, never the repository.
 */

export type { AuctionRow, BidderRow } from './auctions.repository.ts';
export { parseAuctionId, presentSummary, toDetail, toLive, toSummary };

/** Domain events on `app.platform.events`; the payload is the lot's AuctionLive state. */
export const AUCTION_EVENTS = {
  /** A bid moved the lot (price, leader, end, counts). */
  updated: 'auction.updated',
  /** The lot closed (published by the closing sweeper). */
  closed: 'auction.closed',
} as const;

/** The ledger reference of a lot's deposits (one hold per bidder and lot). */
export function depositRef(auctionId: bigint) {
  return { type: 'auction', id: auctionId.toString() } as const;
}

/** The lot page link messages lead to. */
export function auctionLink(auctionId: bigint | string): string {
  return `/sale/${auctionId}`;
}

function notFound(): AppError {
  return new AppError('Auction.NotFound');
}

function idOrNotFound(raw: string): bigint {
  const id = parseAuctionId(raw);
  if (id === null) throw notFound();
  return id;
}

// ---- For the closing, console and catalogue areas ----

/** The lot locked FOR UPDATE until the transaction ends (undefined when there is none). */
export function findAuctionForUpdate(tx: Tx, id: bigint): Promise<AuctionRow | undefined> {
  return lockAuction(tx, id);
}

/** The lot without a lock. */
export function getAuctionRow(db: DbOrTx, id: bigint): Promise<AuctionRow | undefined> {
  return findAuction(db, id);
}

/** The user's bidder row in a lot (number, hidden maximum, deposit, exit time), if they bid. */
export function getBidder(db: DbOrTx, auctionId: bigint, userId: bigint): Promise<BidderRow | undefined> {
  return findBidder(db, auctionId, userId);
}

/** What the ledger holds from the user as this lot's deposit (0 when nothing). */
export function depositHeld(db: DbOrTx, auctionId: bigint, userId: bigint): Promise<number> {
  return heldFor(db, userId, depositRef(auctionId));
}

export interface DepositMove {
  auctionId: bigint;
  userId: bigint;
  now: Date;
  /** Why (part of the ledger idempotency key): 'exit', 'lost', 'paid', 'cancelled' … */
  reason: string;
}

/**
 * Releases the user's whole deposit for the lot (frozen → available) and records 0 on their
 * bidder row; returns the cents released (0 when nothing was held, so calling it twice is safe).
 */
export async function releaseDeposit(tx: Tx, input: DepositMove): Promise<number> {
  const held = await depositHeld(tx, input.auctionId, input.userId);
  if (held > 0) {
    await release(tx, input.now, {
      userId: input.userId,
      amountCents: held,
      ref: depositRef(input.auctionId),
      idempotencyKey: `auction:${input.auctionId}:deposit-release:${input.userId}:${input.reason}`,
      memo: input.reason,
    });
  }
  await updateBidder(tx, input.auctionId, input.userId, { depositCents: 0 });
  return held;
}

/**
 * Forfeits the user's whole deposit for the lot to the platform's `forfeits` account (a buyer
 * violation) and records 0 on their bidder row; returns the cents forfeited.
 */
export async function forfeitDeposit(tx: Tx, input: DepositMove): Promise<number> {
  const held = await depositHeld(tx, input.auctionId, input.userId);
  if (held > 0) {
    await capture(tx, input.now, {
      userId: input.userId,
      amountCents: held,
      ref: depositRef(input.auctionId),
      to: { platform: 'forfeits' },
      kind: 'deposit_forfeit',
      idempotencyKey: `auction:${input.auctionId}:deposit-forfeit:${input.userId}:${input.reason}`,
      memo: input.reason,
    });
  }
  await updateBidder(tx, input.auctionId, input.userId, { depositCents: 0 });
  return held;
}

/** The lot's public live state (the leader by bidder number). */
export async function liveOf(db: DbOrTx, row: AuctionRow): Promise<AuctionLive> {
  const leader = row.leaderId === null ? undefined : await findBidder(db, row.id, row.leaderId);
  return toLive(row, leader?.bidderNo ?? null);
}

/** Publishes a lot's live state after commit; a bus failure is logged, never undoes the change. */
export async function publishLive(
  app: Pick<App, 'platform' | 'log'>,
  name: (typeof AUCTION_EVENTS)[keyof typeof AUCTION_EVENTS],
  live: AuctionLive,
): Promise<void> {
  try {
    await app.platform.events.publish(name, live);
  } catch (err) {
    app.log.warn({ err, event: name, auctionId: live.auctionId }, 'auction event not published');
  }
}

// ---- Reading ----

export interface Viewer {
  /** The signed-in user, or null for a visitor. */
  userId: bigint | null;
  locale: Locale;
}

async function detailOf(app: Pick<App, 'platform'>, row: AuctionRow, viewer: Viewer): Promise<AuctionDetail> {
  const { db, clock } = app.platform;
  const userId = viewer.userId;
  const [bidder, isWatched, held] =
    userId === null
      ? [undefined, false, 0]
      : [
          await findBidder(db, row.id, userId),
          await isWatching(db, userId, row.id),
          await depositHeld(db, row.id, userId),
        ];
  return toDetail(row, {
    bidder: bidder ?? null,
    userId,
    isWatched,
    depositHeldCents: held,
    locale: viewer.locale,
    now: clock.now(),
  });
}

/** GET /auctions/:auctionId: the lot, its bidding state and the viewer's own (visitors: false/null/0). */
export async function getAuctionDetail(app: Pick<App, 'platform'>, viewer: Viewer, rawId: string) {
  const row = await findAuction(app.platform.db, idOrNotFound(rawId));
  if (!row) throw notFound();
  return detailOf(app, row, viewer);
}

/** GET /auctions/:auctionId/bids: newest first; other bidders only by number. */
export async function listBids(
  app: Pick<App, 'platform'>,
  viewer: Viewer,
  rawId: string,
  query: PageQuery,
): Promise<BidsPage> {
  const { db } = app.platform;
  const row = await findAuction(db, idOrNotFound(rawId));
  if (!row) throw notFound();
  const { items, total } = await listBidRows(db, row.id, query.pageSize, (query.page - 1) * query.pageSize);
  return {
    items: items.map((b) => toBidRecord(b, viewer.userId)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    chainHead: row.chainHead,
  };
}

/** The live state of a lot by id (undefined when there is none). */
export async function getLive(app: Pick<App, 'platform'>, id: bigint): Promise<AuctionLive | undefined> {
  const row = await findAuction(app.platform.db, id);
  return row ? liveOf(app.platform.db, row) : undefined;
}

// ---- Bidding ----

/** sha256 hex of the record's hash input (contract `bidHashInput`). */
export function bidHash(auctionId: bigint, record: Parameters<typeof bidHashInput>[1]): string {
  return createHash('sha256').update(bidHashInput(auctionId.toString(), record), 'utf8').digest('hex');
}

function engineLot(row: AuctionRow, leader: BidderRow | undefined): EngineLot {
  return {
    status: row.status as EngineLot['status'],
    startPriceCents: row.startPriceCents,
    currentPriceCents: row.currentPriceCents,
    bidCount: row.bidCount,
    leader:
      row.leaderId === null
        ? null
        : {
            userId: row.leaderId.toString(),
            maxCents: row.leaderMaxCents ?? leader?.maxBidCents ?? row.currentPriceCents,
            maxSetAt: leader?.maxSetAt ?? row.startsAt,
          },
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    latestEndsAt: row.latestEndsAt,
  };
}

/** One bid waiting for its lot's next batch. */
interface BidJob {
  userId: bigint;
  body: PlaceBidRequest;
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
  const present = (outcome: BidOutcome) =>
    toDetail(outcome.row, {
      bidder: outcome.bidder ?? null,
      userId: user.id,
      isWatched: check.watched,
      depositHeldCents: outcome.heldCents,
      locale,
      now: outcome.now,
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

  let row = lot;
  const changed = new Map<string, BidderRow>();
  const records: NewBidRow[] = [];
  const outbid: NotifyInput[] = [];
  const refusals = new Map<number, AppError>();
  for (const [index, job] of jobs.entries()) {
    if (stored.has(index) || sameAs.has(index)) continue;
    try {
      row = await decideBid(row, job, { now, bidders, held, deposits, changed, records, outbid });
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

/** The batch's state that each bid reads and moves (all in memory until the batch writes). */
interface BatchState {
  now: Date;
  /** Bidder rows by user id, as the bids so far left them. */
  bidders: Map<string, BidderRow>;
  /** Deposits held for this lot by user id. */
  held: Map<string, number>;
  /** The deposits held or topped up by the batch's bids, written when the batch is. */
  deposits: HoldBatch;
  /** Bidder rows to write. */
  changed: Map<string, BidderRow>;
  records: NewBidRow[];
  outbid: NotifyInput[];
}

/** One bid against the lot as it stands in the batch; throws an AppError (and changes nothing) to refuse. */
async function decideBid(row: AuctionRow, job: BidJob, state: BatchState): Promise<AuctionRow> {
  const { now, bidders, held } = state;
  const id = row.id;
  const key = job.userId.toString();
  if (!isOpenAt({ ...row, status: row.status as EngineLot['status'] }, now)) {
    throw new AppError('Auction.NotOpen', { data: { status: row.status } });
  }
  const me = bidders.get(key);
  if (me?.exitedAt) throw new AppError('Auction.Exited');
  const leaderRow = row.leaderId === null ? undefined : bidders.get(row.leaderId.toString());
  const result = engineBid(engineLot(row, leaderRow), {
    userId: key,
    amountCents: job.body.amountCents,
    maxAmountCents: job.body.maxAmountCents,
    now,
  });
  if (!result.ok) {
    if (result.reason === 'not_open') throw new AppError('Auction.NotOpen', { data: { status: row.status } });
    throw new AppError('Auction.BidTooLow', {
      data: {
        minNextBidCents: result.minNextBidCents,
        ...(result.reason === 'max_not_raised' ? { reason: 'maxNotRaised', myMaxBidCents: me?.maxBidCents } : {}),
      },
    });
  }

  // The deposit covers the bidder's maximum: held once on the first bid, topped up when it rises.
  const needed = depositFor(result.bidderMaxCents);
  const heldNow = held.get(key) ?? 0;
  if (needed > heldNow) {
    await state.deposits.hold({
      userId: job.userId,
      amountCents: needed - heldNow,
      ref: { ...depositRef(id), label: row.domain },
      idempotencyKey: `auction:${id}:deposit:${key}:${needed}`,
      memo: row.domain,
      actorId: job.userId,
    });
    held.set(key, needed);
  }

  // From here on nothing can refuse the bid: apply it to the batch's state.
  const bidder: BidderRow = me
    ? {
        ...me,
        maxBidCents: result.bidderMaxCents,
        maxSetAt: me.maxBidCents !== result.bidderMaxCents ? now : me.maxSetAt,
        depositCents: Math.max(needed, heldNow),
        lastBidAt: now,
      }
    : {
        auctionId: id,
        userId: job.userId,
        bidderNo: row.bidderCount + 1,
        maxBidCents: result.bidderMaxCents,
        maxSetAt: now,
        depositCents: Math.max(needed, heldNow),
        firstBidAt: now,
        lastBidAt: now,
        exitedAt: null,
      };
  bidders.set(key, bidder);
  state.changed.set(key, bidder);

  // Bid records on the lot's hash chain.
  let prevHash = row.chainHead ?? GENESIS_HASH;
  for (const [i, r] of result.records.entries()) {
    const bidderNo = bidders.get(r.userId)?.bidderNo;
    if (bidderNo === undefined) throw new Error(`bid record for an unknown bidder ${r.userId}`);
    const seq = row.bidCount + i + 1;
    const createdAt = new Date(now.getTime());
    const hash = bidHash(id, {
      seq,
      bidderNo,
      amountCents: r.amountCents,
      kind: r.kind,
      createdAt: createdAt.toISOString(),
      prevHash,
    });
    state.records.push({
      auctionId: id,
      seq,
      userId: BigInt(r.userId),
      bidderNo,
      amountCents: r.amountCents,
      kind: r.kind,
      createdAt,
      prevHash,
      hash,
    });
    prevHash = hash;
  }

  const leader = result.lot.leader;
  const next: AuctionRow = {
    ...row,
    currentPriceCents: result.lot.currentPriceCents,
    bidCount: result.lot.bidCount,
    bidderCount: me ? row.bidderCount : row.bidderCount + 1,
    leaderId: leader ? BigInt(leader.userId) : null,
    leaderMaxCents: leader?.maxCents ?? null,
    endsAt: result.lot.endsAt,
    chainHead: result.records.length > 0 ? prevHash : row.chainHead,
    updatedAt: now,
  };
  if (result.outbidUserId !== null) {
    state.outbid.push({
      userId: BigInt(result.outbidUserId),
      kind: 'auction_outbid',
      params: { auctionId: id.toString(), domain: row.domain, amountCents: next.currentPriceCents },
      link: auctionLink(id),
      dedupeKey: `auction:${id}:outbid:${result.outbidUserId}:${next.bidCount}`,
      now,
    });
  }
  return next;
}

/**
 * POST /auctions/:auctionId/exit: a bidder who is not leading leaves an open lot; the whole
 * deposit is released at once and exiting is final. Errors: Auction.NotFound, Auction.NotOpen,
 * Auction.NotParticipant, Auction.Exited, Auction.LeaderCannotExit.
 */
export async function exitAuction(
  app: Pick<App, 'platform'>,
  user: Pick<AuthUser, 'id'>,
  rawId: string,
  locale: Locale,
): Promise<AuctionDetail> {
  const { db, clock } = app.platform;
  const id = idOrNotFound(rawId);
  const row = await db.transaction(async (tx) => {
    const now = clock.now();
    const lot = await lockAuction(tx, id);
    if (!lot) throw notFound();
    if (!isOpenAt({ ...lot, status: lot.status as EngineLot['status'] }, now)) {
      throw new AppError('Auction.NotOpen', { data: { status: lot.status } });
    }
    const me = await findBidder(tx, id, user.id);
    if (!me) throw new AppError('Auction.NotParticipant');
    if (me.exitedAt) throw new AppError('Auction.Exited');
    if (lot.leaderId === user.id) throw new AppError('Auction.LeaderCannotExit');
    await releaseDeposit(tx, { auctionId: id, userId: user.id, now, reason: 'exit' });
    await updateBidder(tx, id, user.id, { exitedAt: now });
    return lot;
  });
  return detailOf(app, row, { userId: user.id, locale });
}

/** The minimum next bid of a lot row (re-exported for the consoles). */
export function minNextBidOf(row: AuctionRow): number {
  return minNextBidCents(row);
}
