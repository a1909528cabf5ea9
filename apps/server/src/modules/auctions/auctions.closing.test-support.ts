import { depositFor, incrementFor } from '@namebourse/contract';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/helpers.ts';
import { auctionBidders, auctions } from '../../db/schema/index.ts';
import { checkBooks, getBalances, hold, release } from '../ledger/ledger.service.ts';
import type { ClosingAuctionRow } from './auctions.closing.repository.ts';
import { depositRef } from './auctions.service.ts';

/**
 * Test support for the closing tests: lots inserted as rows and bids set up directly (the bidder
 * row, the deposit held through the ledger, the lot's leader and price by the proxy rule), so the
 * close, payment, violation and delivery sweeps can be tested on their own.
 */

let lotSeq = 0;
const DAY = 86_400_000;

export interface LotOptions {
  domain?: string;
  status?: 'scheduled' | 'bidding';
  startPriceCents?: number;
  /** Start: 1 day ago by default; end: `endsInSeconds` from now (default 1 hour). */
  startsAt?: Date;
  endsInSeconds?: number;
  partner?: string;
  registrar?: string;
  type?: 'pre-release' | 'expired';
}

/** A lot row (bidding unless told), ending `endsInSeconds` from the test clock's now. */
export async function insertTestLot(t: TestContext, options: LotOptions = {}): Promise<ClosingAuctionRow> {
  lotSeq += 1;
  const now = t.clock.now();
  const domain = options.domain ?? `close${lotSeq}x${Date.now().toString(36)}.com`;
  const [name = domain, tld = 'com'] = [domain.slice(0, domain.indexOf('.')), domain.slice(domain.indexOf('.') + 1)];
  const startsAt = options.startsAt ?? new Date(now.getTime() - DAY);
  const endsAt = new Date(now.getTime() + (options.endsInSeconds ?? 3600) * 1000);
  const start = options.startPriceCents ?? 1_000;
  const rows = await t.app.platform.db
    .insert(auctions)
    .values({
      domain,
      name,
      tld,
      length: name.length,
      hasHyphen: name.includes('-'),
      type: options.type ?? 'expired',
      status: options.status ?? 'bidding',
      partner: options.partner ?? 'partner-test',
      registrar: options.registrar ?? 'GoDaddy',
      registeredAt: new Date('2015-03-01T00:00:00.000Z'),
      expiresAt: new Date('2026-03-01T00:00:00.000Z'),
      startPriceCents: start,
      currentPriceCents: start,
      startsAt,
      scheduledEndsAt: endsAt,
      endsAt,
      latestEndsAt: new Date(Math.max(endsAt.getTime(), startsAt.getTime() + 6 * DAY)),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return rows[0] as ClosingAuctionRow;
}

/**
 * A user's bid with a maximum: holds depositFor(max) (topping up an earlier deposit), records the
 * bidder, then sets the lot's leader and price by the proxy rule (highest maximum leads, earlier on
 * ties; the price is the runner-up's maximum plus one increment, capped at the leader's maximum).
 */
export async function bidDirect(t: TestContext, lotId: bigint, userId: bigint, maxCents: number): Promise<void> {
  const { db } = t.app.platform;
  const now = t.clock.now();
  await db.transaction(async (tx) => {
    const [lot] = await tx.select().from(auctions).where(eq(auctions.id, lotId)).for('update');
    if (!lot) throw new Error('no lot');
    const [existing] = await tx
      .select()
      .from(auctionBidders)
      .where(and(eq(auctionBidders.auctionId, lotId), eq(auctionBidders.userId, userId)));
    const deposit = depositFor(maxCents);
    const topUp = deposit - (existing?.depositCents ?? 0);
    if (topUp > 0) {
      await hold(tx, now, {
        userId,
        amountCents: topUp,
        ref: { ...depositRef(lotId), label: lot.domain },
        idempotencyKey: `test:bid:${lotId}:${userId}:${maxCents}`,
      });
    }
    if (existing) {
      await tx
        .update(auctionBidders)
        .set({ maxBidCents: maxCents, maxSetAt: now, depositCents: deposit, lastBidAt: now })
        .where(and(eq(auctionBidders.auctionId, lotId), eq(auctionBidders.userId, userId)));
    } else {
      await tx.insert(auctionBidders).values({
        auctionId: lotId,
        userId,
        bidderNo: lot.bidderCount + 1,
        maxBidCents: maxCents,
        maxSetAt: now,
        depositCents: deposit,
        firstBidAt: now,
        lastBidAt: now,
      });
    }
    const bidders = (await tx.select().from(auctionBidders).where(eq(auctionBidders.auctionId, lotId)))
      .filter((b) => b.exitedAt === null)
      .sort((a, b) => b.maxBidCents - a.maxBidCents || a.maxSetAt.getTime() - b.maxSetAt.getTime());
    const [leader, runnerUp] = bidders;
    if (!leader) throw new Error('no leader');
    const price = runnerUp
      ? Math.min(leader.maxBidCents, runnerUp.maxBidCents + incrementFor(runnerUp.maxBidCents))
      : lot.startPriceCents;
    await tx
      .update(auctions)
      .set({
        leaderId: leader.userId,
        leaderMaxCents: leader.maxBidCents,
        currentPriceCents: Math.max(price, lot.startPriceCents),
        bidCount: lot.bidCount + 1,
        bidderCount: existing ? lot.bidderCount : lot.bidderCount + 1,
        updatedAt: now,
      })
      .where(eq(auctions.id, lotId));
  });
}

/** A bidder who is not leading leaves the lot: the deposit is released and the row marked exited. */
export async function exitDirect(t: TestContext, lotId: bigint, userId: bigint): Promise<void> {
  const now = t.clock.now();
  await t.app.platform.db.transaction(async (tx) => {
    const [bidder] = await tx
      .select()
      .from(auctionBidders)
      .where(and(eq(auctionBidders.auctionId, lotId), eq(auctionBidders.userId, userId)))
      .for('update');
    if (!bidder) throw new Error('not a bidder');
    await release(tx, now, {
      userId,
      amountCents: bidder.depositCents,
      ref: depositRef(lotId),
      idempotencyKey: `test:exit:${lotId}:${userId}`,
    });
    await tx
      .update(auctionBidders)
      .set({ exitedAt: now, depositCents: 0 })
      .where(and(eq(auctionBidders.auctionId, lotId), eq(auctionBidders.userId, userId)));
  });
}

export async function lotRow(t: TestContext, lotId: bigint): Promise<ClosingAuctionRow> {
  const [row] = await t.app.platform.db.select().from(auctions).where(eq(auctions.id, lotId));
  if (!row) throw new Error('no lot');
  return row;
}

export function balances(t: TestContext, userId: bigint) {
  return getBalances(t.app.platform.db, userId);
}

/** The ledger check; `balanced` must be true after every step. */
export function books(t: TestContext) {
  return checkBooks(t.app.platform.db, t.clock.now(), async (id) => id);
}

/** Runs every sweeper until nothing is due. */
export async function sweep(t: TestContext) {
  return t.app.platform.sweeper.runOnce();
}
