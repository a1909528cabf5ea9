import {
  type AuctionDetail,
  type AuctionLive,
  type AuctionStatus,
  type AuctionSummary,
  type BidRecord,
  type DepositRule,
  depositFor,
  incrementFor,
  type Locale,
  minNextBidCents,
} from '@namebourse/contract';
import { reserveMet } from './auctions.engine.ts';
import type { AuctionRow, BidderRow, BidRow } from './auctions.repository.ts';

/** Lot rows → the contract's summary, detail, live state and bid records (every field listed). */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function isExtended(row: Pick<AuctionRow, 'endsAt' | 'scheduledEndsAt'>): boolean {
  return row.endsAt.getTime() > row.scheduledEndsAt.getTime();
}

function winningPrice(
  row: Pick<AuctionRow, 'status' | 'winnerId' | 'winningPriceCents' | 'currentPriceCents'>,
): number | null {
  return row.status === 'ended' && row.winnerId !== null ? (row.winningPriceCents ?? row.currentPriceCents) : null;
}

/** The columns a summary reads (the catalogue's lists select only these). */
export type SummaryRow = Pick<
  AuctionRow,
  | 'id'
  | 'domain'
  | 'tld'
  | 'length'
  | 'type'
  | 'status'
  | 'isPremium'
  | 'startPriceCents'
  | 'currentPriceCents'
  | 'bidCount'
  | 'bidderCount'
  | 'startsAt'
  | 'endsAt'
  | 'registeredAt'
  | 'expiresAt'
  | 'registrar'
  | 'traffic'
  | 'backlinks'
  | 'referringDomains'
  | 'citationFlow'
  | 'trustFlow'
  | 'baiduIndex'
  | 'sogouIndex'
  | 'googleIndex'
  | 'baiduWeight'
  | 'pageAuthority'
  | 'winnerId'
  | 'winningPriceCents'
>;

/** One lot as /sale, the watchlist, hot auctions, top deals, the consoles and the lot page list it. */
export function presentSummary(row: SummaryRow, options: { isWatched: boolean }): AuctionSummary {
  return {
    auctionId: row.id.toString(),
    domain: row.domain,
    tld: row.tld,
    length: row.length,
    type: row.type,
    status: row.status as AuctionStatus,
    isPremium: row.isPremium,
    currentPriceCents: row.currentPriceCents,
    minNextBidCents: minNextBidCents(row),
    bidCount: row.bidCount,
    bidderCount: row.bidderCount,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    registeredAt: iso(row.registeredAt),
    expiresAt: iso(row.expiresAt),
    registrar: row.registrar,
    metrics: {
      traffic: row.traffic,
      backlinks: row.backlinks,
      referringDomains: row.referringDomains,
      citationFlow: row.citationFlow,
      trustFlow: row.trustFlow,
      baiduIndex: row.baiduIndex,
      sogouIndex: row.sogouIndex,
      googleIndex: row.googleIndex,
      baiduWeight: row.baiduWeight,
      pageAuthority: row.pageAuthority,
    },
    winningPriceCents: winningPrice(row),
    isWatched: options.isWatched,
  };
}

export const toSummary = presentSummary;

/** The masked name bid records show ('Bidder 3' / '竞拍者 3'). */
export function bidderName(bidderNo: number, locale: Locale): string {
  return locale === 'zh-CN' ? `竞拍者 ${bidderNo}` : `Bidder ${bidderNo}`;
}

export interface DetailPersonal {
  /** The caller's bidder row in this lot (null for visitors and for users who have not bid). */
  bidder: BidderRow | null;
  /** The caller's user id (null for visitors). */
  userId: bigint | null;
  isWatched: boolean;
  /** What the ledger holds for this lot from the caller (0 for visitors). */
  depositHeldCents: number;
  locale: Locale;
  now: Date;
  /** The deposit rule in force (parameters): what the next bid's deposit is computed with. */
  depositRule: DepositRule;
}

/** The lot page: the lot, its bidding state and, signed in, the caller's own. */
export function toDetail(row: AuctionRow, me: DetailPersonal): AuctionDetail {
  const minNext = minNextBidCents(row);
  const isLeading = me.userId !== null && row.leaderId === me.userId;
  // The next bid at the minimum needs depositFor(its maximum); a bidder's own maximum may already be higher.
  const depositCents = depositFor(Math.max(minNext, isLeading ? (me.bidder?.maxBidCents ?? 0) : 0), me.depositRule);
  const myDepositCents = me.userId === null ? 0 : me.depositHeldCents;
  return {
    ...presentSummary(row, { isWatched: me.isWatched }),
    partner: row.partner,
    incrementCents: incrementFor(row.currentPriceCents),
    startPriceCents: row.startPriceCents,
    scheduledEndsAt: row.scheduledEndsAt.toISOString(),
    latestEndsAt: row.latestEndsAt.toISOString(),
    isExtended: isExtended(row),
    redeemableUntil: iso(row.redeemableUntil),
    hasReserve: row.reservePriceCents !== null,
    reserveMet: reserveMet(row),
    isMine: me.userId !== null && row.sellerId === me.userId,
    depositCents,
    depositDueCents: Math.max(0, depositCents - myDepositCents),
    myMaxBidCents: me.bidder?.maxBidCents ?? null,
    myDepositCents,
    isLeading,
    hasExited: me.bidder?.exitedAt != null,
    myBidderName: me.bidder ? bidderName(me.bidder.bidderNo, me.locale) : null,
    chainHead: row.chainHead,
    serverTime: me.now.toISOString(),
  };
}

/** The public live state pushed over server-sent events (each client refetches what is personal). */
export function toLive(row: AuctionRow, leaderBidderNo: number | null): AuctionLive {
  return {
    auctionId: row.id.toString(),
    status: row.status as AuctionStatus,
    currentPriceCents: row.currentPriceCents,
    minNextBidCents: minNextBidCents(row),
    bidCount: row.bidCount,
    bidderCount: row.bidderCount,
    endsAt: row.endsAt.toISOString(),
    isExtended: isExtended(row),
    leaderBidderNo: row.leaderId === null ? null : leaderBidderNo,
    winningPriceCents: winningPrice(row),
  };
}

/** One bid record; other bidders appear only by their number. */
export function toBidRecord(row: BidRow, callerId: bigint | null): BidRecord {
  return {
    bidId: row.id.toString(),
    seq: row.seq,
    bidderNo: row.bidderNo,
    isMine: callerId !== null && row.userId === callerId,
    amountCents: row.amountCents,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    prevHash: row.prevHash,
    hash: row.hash,
  };
}
