import { depositFor } from '@namebourse/contract';
import type { DbOrTx } from '../src/db/open-database.ts';
import { createUser } from '../src/modules/account/account.service.ts';
import { lotRow, recordsByUser } from '../src/modules/auctions/auctions.load.test-support.ts';
import { depositRef, getBidder } from '../src/modules/auctions/auctions.service.ts';
import { checkBooks, getLines, heldFor, transfer } from '../src/modules/ledger/ledger.service.ts';
import { writeCompleteContactInfo } from '../src/modules/profile/profile.test-support.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { envelopeOf, type HttpAnswer, HttpUser, mapLimit, sleep } from './server-process.ts';

/**
 * The bidding load of the process tests (crash, two instances): bidders written to the database
 * with money and complete contact information, and a bidder's client as a careful browser runs it:
 * bid the minimum next bid with one's own maximum under a fresh Idempotency-Key; an answer lost
 * (connection reset or refused: the server died) is asked again with the same key and body until
 * answered; a `Request.IdempotencyInProgress` is waited out, briefly; `Auction.BidTooLow` means
 * try again at the minimum it names while that is within one's maximum. Then the checks every
 * load ends with: each answer replayed unchanged, each accepted bid in the records once, deposits
 * by the rule, books balanced.
 */

export const LOAD_PASSWORD = 'Passw0rd!load';
/** Each bidder's money: far more than any deposit the load can hold. */
export const LOAD_BALANCE_CENTS = 10_000_000;
/** The longest a retry may keep answering `Request.IdempotencyInProgress`. */
export const IN_PROGRESS_LIMIT_MS = 5_000;

export interface LoadBidder {
  id: bigint;
  email: string;
  http: HttpUser;
  /** The server this bidder talks to. */
  baseUrl: string;
}

/** New users with money and complete contact information, straight in the database. */
export async function seedBidders(
  db: DbOrTx,
  now: Date,
  count: number,
  tag: string,
): Promise<{ id: bigint; email: string }[]> {
  const clock = new ManualClock(now);
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const email = `${tag}${i}-${Date.now().toString(36)}@example.com`;
      const user = await createUser(db, clock, { email, password: LOAD_PASSWORD, nickname: `${tag}${i}` });
      await writeCompleteContactInfo(db, user.id, now);
      await db.transaction((tx) =>
        transfer(tx, now, {
          kind: 'recharge',
          idempotencyKey: `${tag}:topup:${user.id}`,
          postings: [
            { account: { platform: 'gateway' }, amountCents: -LOAD_BALANCE_CENTS },
            { account: { userId: user.id, bucket: 'available' }, amountCents: LOAD_BALANCE_CENTS },
          ],
        }),
      );
      return { id: user.id, email };
    },
  );
}

/**
 * The seeded users as bidders, each signed in (eight at a time) from its own address on the
 * server `baseUrlOf` gives it.
 */
export async function signInBidders(
  users: { id: bigint; email: string }[],
  baseUrlOf: (index: number) => string,
): Promise<LoadBidder[]> {
  const bidders: LoadBidder[] = users.map((u, i) => ({
    id: u.id,
    email: u.email,
    http: new HttpUser(`127.0.0.${10 + i}`),
    baseUrl: baseUrlOf(i),
  }));
  await mapLimit(bidders, 8, (bidder) => bidder.http.signIn(bidder.baseUrl, bidder.email, LOAD_PASSWORD));
  return bidders;
}

/** One bidder on one lot with their own maximum. */
export interface BidPair {
  label: string;
  bidder: LoadBidder;
  auctionId: string;
  maxCents: number;
  startPriceCents: number;
}

export interface KeyedBid {
  pair: BidPair;
  key: string;
  body: { amountCents: number; maxAmountCents?: number };
  /** Generations of the server whose answer to this request was lost. */
  lostIn: number[];
  answer: HttpAnswer | null;
  /** Asked again after a lost answer and answered as a replay of a stored answer. */
  replayedAfterLoss: boolean;
}

export interface LoadRun {
  /** Which server process answers now (1, 2, … as it is restarted). */
  generation(): number;
  /** Called with each bid once it has its answer. */
  onAnswer?(bid: KeyedBid): void;
  /** Give up (a violation) after this time (Date.now()). */
  deadline: number;
  bids: KeyedBid[];
  violations: string[];
  sends: number;
  lost: number;
  inProgressWaits: number;
  serverErrors: number;
}

export function newLoadRun(deadline: number, generation: () => number = () => 1): LoadRun {
  return { generation, deadline, bids: [], violations: [], sends: 0, lost: 0, inProgressWaits: 0, serverErrors: 0 };
}

/** How the bid's answers were lost, for messages: '3 times (server 1)'. */
function lostText(bid: KeyedBid): string {
  return `${bid.lostIn.length} times (server ${[...new Set(bid.lostIn)].join(', ')})`;
}

/** Sends the bid until it has an answer, asking again with the same key after a lost one. */
async function send(run: LoadRun, bid: KeyedBid): Promise<HttpAnswer | null> {
  const { pair } = bid;
  let inProgressSince: number | null = null;
  for (;;) {
    if (Date.now() > run.deadline) {
      run.violations.push(`${bid.key}: no answer before the deadline (answer lost ${lostText(bid)})`);
      return null;
    }
    const generation = run.generation();
    run.sends += 1;
    let answer: HttpAnswer;
    try {
      answer = await pair.bidder.http.request(pair.bidder.baseUrl, 'POST', `/api/auctions/${pair.auctionId}/bids`, {
        json: bid.body,
        headers: { 'idempotency-key': bid.key },
      });
    } catch {
      // The server is gone (reset) or not back yet (refused): ask again, backing off up to 400 ms.
      bid.lostIn.push(generation);
      run.lost += 1;
      await sleep(Math.min(400, 50 * 2 ** Math.min(bid.lostIn.length, 3)));
      continue;
    }
    const code = envelopeOf(answer)?.code;
    if (answer.status === 409 && code === 'Request.IdempotencyInProgress') {
      inProgressSince ??= Date.now();
      run.inProgressWaits += 1;
      if (Date.now() - inProgressSince > IN_PROGRESS_LIMIT_MS) {
        run.violations.push(
          `${bid.key}: still Request.IdempotencyInProgress after ${IN_PROGRESS_LIMIT_MS} ms (answer lost ${lostText(bid)})`,
        );
        return null;
      }
      await sleep(100);
      continue;
    }
    if (answer.status >= 500) {
      run.serverErrors += 1;
      run.violations.push(`${bid.key}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return null;
    }
    bid.answer = answer;
    bid.replayedAfterLoss = bid.lostIn.length > 0 && answer.headers['idempotent-replayed'] === 'true';
    run.onAnswer?.(bid);
    return answer;
  }
}

/**
 * A bidder's client on one lot: the minimum next bid with their maximum, again at the minimum a
 * refusal names, until accepted or priced out. Returns the accepted bid (null when priced out).
 */
export async function bidUntilSettled(run: LoadRun, pair: BidPair): Promise<KeyedBid | null> {
  let amountCents = pair.startPriceCents;
  for (let attempt = 1; amountCents <= pair.maxCents; attempt++) {
    const bid: KeyedBid = {
      pair,
      key: `${pair.label}-${attempt}`,
      body: amountCents < pair.maxCents ? { amountCents, maxAmountCents: pair.maxCents } : { amountCents },
      lostIn: [],
      answer: null,
      replayedAfterLoss: false,
    };
    run.bids.push(bid);
    const answer = await send(run, bid);
    if (!answer) return null;
    if (answer.status === 200) return bid;
    const envelope = envelopeOf(answer);
    const data = (envelope?.data ?? {}) as { minNextBidCents?: number; reason?: string };
    if (envelope?.code !== 'Auction.BidTooLow' || typeof data.minNextBidCents !== 'number') {
      run.violations.push(`${bid.key}: unexpected answer ${answer.status} ${answer.body.slice(0, 200)}`);
      return null;
    }
    if (data.reason === 'maxNotRaised') {
      // The client never raises its own maximum: this answers a bid of its own that was committed.
      run.violations.push(`${bid.key}: told its maximum is not raised (its own committed bid refused)`);
      return null;
    }
    if (data.minNextBidCents <= amountCents) {
      run.violations.push(`${bid.key}: BidTooLow at ${amountCents} with a minimum of ${data.minNextBidCents}`);
      return null;
    }
    amountCents = data.minNextBidCents;
  }
  return null;
}

/**
 * Asks every answered bid again (same user, key and body) on `baseUrlOf(bid)`: each must be
 * answered as it was first answered, status and body byte for byte, as a replay. Returns the problems.
 */
export async function replayAll(bids: KeyedBid[], baseUrlOf: (bid: KeyedBid) => string): Promise<string[]> {
  const problems: string[] = [];
  await mapLimit(
    bids.filter((b) => b.answer),
    8,
    async (bid) => {
      const first = bid.answer as HttpAnswer;
      const again = await bid.pair.bidder.http.request(
        baseUrlOf(bid),
        'POST',
        `/api/auctions/${bid.pair.auctionId}/bids`,
        { json: bid.body, headers: { 'idempotency-key': bid.key } },
      );
      if (again.status !== first.status || again.body !== first.body) {
        problems.push(
          `${bid.key}: first ${first.status} ${first.body.slice(0, 120)}… replay ${again.status} ${again.body.slice(0, 120)}…`,
        );
      } else if (again.headers['idempotent-replayed'] !== 'true') {
        problems.push(`${bid.key}: answered again without Idempotent-Replayed`);
      }
    },
  );
  return problems;
}

/**
 * A lot after the load, from the database: the leader and price the reference gives; each pair's
 * accepted bid in the records exactly once (one manual record per accepted bid, none for a bidder
 * never accepted) with its maximum on the bidder row; its deposit held once, by the rule.
 */
export async function lotProblems(
  db: DbOrTx,
  auctionId: string,
  pairs: BidPair[],
  accepted: Map<string, KeyedBid | null>,
  reference: { leaderId: string; priceCents: number },
): Promise<string[]> {
  const problems: string[] = [];
  const id = BigInt(auctionId);
  const row = await lotRow(db, id);
  if (row.leaderId?.toString() !== reference.leaderId || row.currentPriceCents !== reference.priceCents) {
    problems.push(
      `lot ${auctionId}: leader ${row.leaderId} at ${row.currentPriceCents}, reference ${reference.leaderId} at ${reference.priceCents}`,
    );
  }
  const records = await recordsByUser(db, id);
  for (const pair of pairs) {
    const userId = pair.bidder.id;
    const isIn = accepted.get(pair.label) != null;
    const manual = records.get(userId.toString())?.manual ?? 0;
    if (manual !== (isIn ? 1 : 0)) {
      problems.push(`${pair.label}: ${manual} manual records, ${isIn ? 'one accepted bid' : 'no accepted bid'}`);
    }
    const bidder = await getBidder(db, id, userId);
    if ((bidder?.maxBidCents ?? null) !== (isIn ? pair.maxCents : null)) {
      problems.push(
        `${pair.label}: bidder maximum ${bidder?.maxBidCents ?? 'none'}, expected ${isIn ? pair.maxCents : 'none'}`,
      );
    }
    const deposit = isIn ? depositFor(pair.maxCents) : 0;
    const held = await heldFor(db, userId, depositRef(id));
    const holds = (
      await getLines(db, { userId, kind: 'deposit_hold', bucket: 'frozen' }, { limit: 100, offset: 0 })
    ).items.filter((l) => l.refId === auctionId);
    if (held !== deposit || holds.length !== (isIn ? 1 : 0) || (isIn && holds[0]?.amountCents !== deposit)) {
      problems.push(
        `${pair.label}: holds ${held} in ${holds.length} deposit transactions (${holds.map((h) => h.amountCents)}), rule ${deposit}`,
      );
    }
  }
  return problems;
}

/** Each bidder's funds summary over HTTP: frozen = the deposits the rule holds, available = the rest. */
export async function fundsProblems(bidders: LoadBidder[], frozenOf: (b: LoadBidder) => number): Promise<string[]> {
  const problems: string[] = [];
  await mapLimit(bidders, 8, async (b) => {
    const answer = await b.http.request(b.baseUrl, 'GET', '/api/funds/summary');
    const data = envelopeOf(answer)?.data as { availableCents?: number; frozenCents?: number } | undefined;
    const frozen = frozenOf(b);
    if (data?.frozenCents !== frozen || data?.availableCents !== LOAD_BALANCE_CENTS - frozen) {
      problems.push(`${b.email}: summary ${answer.status} ${answer.body.slice(0, 160)}, expected frozen ${frozen}`);
    }
  });
  return problems;
}

/** The ledger check on the database (every balance rebuilt from the postings). */
export async function booksBalanced(db: DbOrTx): Promise<{ balanced: boolean; detail: string }> {
  const check = await checkBooks(db, new Date(), async (userId) => userId);
  return {
    balanced: check.balanced,
    detail: JSON.stringify({
      postingsSum: check.postingsSum,
      unbalanced: check.unbalancedTransactions,
      mismatched: check.mismatchedBalances,
      negative: check.negativeAvailable,
    }),
  };
}
