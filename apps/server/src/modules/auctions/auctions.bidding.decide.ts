import { createHash } from 'node:crypto';
import { bidHashInput, type DepositRule, depositFor, GENESIS_HASH, type PlaceBidRequest } from '@namebourse/contract';
import { AppError } from '../../platform/errors.ts';
import type { HoldBatch } from '../ledger/ledger.service.ts';
import type { NotifyInput } from '../messages/messages.service.ts';
import { depositRef } from './auctions.deposits.ts';
import { type EngineLot, placeBid as engineBid, isOpenAt } from './auctions.engine.ts';
import type { AuctionRow, BidderRow, NewBidRow } from './auctions.repository.ts';

/**
 * One bid of a batch (auctions.bidding.ts) decided against the lot as the bids before it left it:
 * the pure engine (ADR 0010) says what the bid does, the deposit is held or topped up in the
 * batch's hold batch, and the bidder row, the bid records on the lot's hash chain and the outbid
 * message are added to the batch's state, which the batch writes in one go.
 */

/** The lot page link messages lead to. */
export function auctionLink(auctionId: bigint | string): string {
  return `/sale/${auctionId}`;
}

/** A bid as its batch decides it: who bids, and the amount and optional maximum. */
export interface BidInput {
  userId: bigint;
  body: PlaceBidRequest;
}

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

/** The batch's state that each bid reads and moves (all in memory until the batch writes). */
export interface BatchState {
  now: Date;
  /** The deposit rule in force (the depositMinCents / depositRateBps parameters). */
  depositRule: DepositRule;
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
export async function decideBid(row: AuctionRow, job: BidInput, state: BatchState): Promise<AuctionRow> {
  const { now, depositRule, bidders, held } = state;
  const id = row.id;
  const key = job.userId.toString();
  if (!isOpenAt({ ...row, status: row.status as EngineLot['status'] }, now)) {
    throw new AppError('Auction.NotOpen', { data: { status: row.status } });
  }
  if (row.sellerId !== null && row.sellerId === job.userId) throw new AppError('Auction.OwnLot');
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
  const needed = depositFor(result.bidderMaxCents, depositRule);
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
