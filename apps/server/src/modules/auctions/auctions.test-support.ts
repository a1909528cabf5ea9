import { createHash } from 'node:crypto';
import { type BidRecord, bidHashInput, GENESIS_HASH } from '@namebourse/contract';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import type { AuctionRow, NewAuctionRow } from './auctions.repository.ts';
import { insertAuction } from './auctions.repository.ts';

/**
 * Test helpers for the auctions tests (bidding, closing, consoles): a lot inserted straight into
 * the `auctions` table, open for bidding from now for 3 days (latest end: start + 6 days).
 */

const DAY_MS = 86_400_000;
let lotSeq = 0;

/**
 * The row of a lot `domain` with status 'bidding' that starts at `now`, ends 3 days later and may be
 * extended up to start + 6 days (start price 10.00). `overrides` replace any column (startsAt moves
 * the defaults of endsAt, scheduledEndsAt and latestEndsAt with it).
 */
export function newLotRow(domain: string, now: Date, overrides: Partial<NewAuctionRow> = {}): NewAuctionRow {
  const startsAt = overrides.startsAt ?? now;
  const endsAt = overrides.endsAt ?? new Date(startsAt.getTime() + 3 * DAY_MS);
  const [label = domain, ...rest] = domain.split('.');
  const startPriceCents = overrides.startPriceCents ?? 1_000;
  return {
    domain,
    name: label,
    tld: rest.join('.') || 'com',
    length: label.length,
    hasHyphen: label.includes('-'),
    isPremium: false,
    type: 'pre-release',
    status: 'bidding',
    partner: 'partner-test',
    registrar: 'registrar-test',
    startPriceCents,
    currentPriceCents: startPriceCents,
    startsAt,
    scheduledEndsAt: endsAt,
    endsAt,
    latestEndsAt: new Date(startsAt.getTime() + 6 * DAY_MS),
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/**
 * Inserts a lot with status 'bidding' that starts now (the test clock), ends in 3 days and may be
 * extended up to start + 6 days. `overrides` replace any column (startsAt moves the defaults of
 * endsAt, scheduledEndsAt and latestEndsAt with it).
 */
export async function insertLot(t: TestContext, overrides: Partial<NewAuctionRow> = {}): Promise<AuctionRow> {
  lotSeq += 1;
  const domain = overrides.domain ?? `lot${lotSeq}x${Date.now().toString(36)}.com`;
  return insertAuction(t.app.platform.db, newLotRow(domain, t.clock.now(), overrides));
}

/** Recomputes a lot's hash chain from its records (oldest first) and checks every link and the head. */
export function expectChainValid(auctionId: string, recordsOldestFirst: BidRecord[], chainHead: string | null): void {
  let prev = GENESIS_HASH;
  recordsOldestFirst.forEach((r, i) => {
    expect(r.seq).toBe(i + 1);
    expect(r.prevHash).toBe(prev);
    const hash = createHash('sha256').update(bidHashInput(auctionId, r), 'utf8').digest('hex');
    expect(r.hash).toBe(hash);
    prev = hash;
  });
  expect(chainHead).toBe(recordsOldestFirst.length === 0 ? null : prev);
}
