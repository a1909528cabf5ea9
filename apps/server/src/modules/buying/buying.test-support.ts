import type { LedgerCheck } from '@namebourse/contract';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import type { listings } from '../../db/schema/index.ts';
import { checkBooks, getBalances } from '../ledger/ledger.service.ts';
import { insertListing } from '../listings/market.test-support.ts';
import { buildMoneyTestApp, credit, type SignedIn, signIn } from '../orders/orders.test-support.ts';
import { writeCompleteContactInfo } from '../profile/profile.test-support.ts';

/**
 * Test helpers for buying from sellers (buy now, cart, checkout, offers, watchlist, delivery): an app
 * with real sessions, sellers with listings on sale (written straight to the database, as the
 * market reads them), buyers signed in with complete contact information and a funded balance
 * (without the SMS flow, so a test can make dozens), and the money checks (balances, escrow, books).
 */

export type ListingRow = typeof listings.$inferSelect;
type NewListing = typeof listings.$inferInsert;

/** The app of the buying tests: real sessions (POST /api/test/sign-in), manual clock, dev tools. */
export function buildBuyingTestApp(engine: 'pglite' | 'postgres'): Promise<TestContext> {
  return buildMoneyTestApp(engine);
}

let domainSeq = 0;

/** A domain name no other test of the run uses (`prefix` + a counter + the time). */
export function uniqueDomain(prefix = 'buy', tld = 'com'): string {
  domainSeq += 1;
  return `${prefix}${domainSeq}x${Date.now().toString(36)}.${tld}`;
}

/** A signed-in seller (a plain user; listings are theirs through `listFor`). */
export function newSeller(t: TestContext): Promise<SignedIn> {
  return signIn(t);
}

/**
 * A listing of `sellerId` on sale now: fixed price, $100 (10,000 cents) unless `overrides` say
 * otherwise (mode 'offer' with floorCents, status, paused, source 'held' …), a unique domain.
 */
export function listFor(
  t: TestContext,
  sellerId: bigint,
  overrides: Partial<NewListing> & { domain?: string } = {},
): Promise<ListingRow> {
  const { domain, ...rest } = overrides;
  return insertListing(t.app.platform.db, sellerId, domain ?? uniqueDomain(), t.clock.now(), rest);
}

/** `count` listings of `sellerId` on sale (see `listFor`). */
export async function listManyFor(
  t: TestContext,
  sellerId: bigint,
  count: number,
  overrides: Partial<NewListing> = {},
): Promise<ListingRow[]> {
  const out: ListingRow[] = [];
  for (let i = 0; i < count; i++) out.push(await listFor(t, sellerId, overrides));
  return out;
}

/**
 * A buyer ready to buy: signed in through a real session, contact information complete (written
 * straight to the profile) and `balanceCents` available (a top-up through the ledger).
 */
export async function fundedBuyer(t: TestContext, balanceCents: number): Promise<SignedIn> {
  const buyer = await signIn(t);
  await writeCompleteContactInfo(t.app.platform.db, buyer.user.id, t.clock.now());
  if (balanceCents > 0) await credit(t, buyer.user.id, balanceCents);
  return buyer;
}

/** `count` funded buyers (see `fundedBuyer`). */
export async function fundedBuyers(t: TestContext, count: number, balanceCents: number): Promise<SignedIn[]> {
  const out: SignedIn[] = [];
  for (let i = 0; i < count; i++) out.push(await fundedBuyer(t, balanceCents));
  return out;
}

/** The user's available balance in cents. */
export async function availableOf(t: TestContext, userId: bigint): Promise<number> {
  return (await getBalances(t.app.platform.db, userId)).availableCents;
}

/** The whole books' check (every balance rebuilt from the postings). */
export function checkLedger(t: TestContext): Promise<LedgerCheck> {
  return checkBooks(t.app.platform.db, t.clock.now(), async (id) => id);
}

/** What the platform's escrow account holds now. */
export async function escrowCents(t: TestContext): Promise<number> {
  return (await checkLedger(t)).platform.escrow ?? 0;
}

/** Asserts the books balance (sums to zero, every balance equals its postings, nothing negative). */
export async function expectBooksBalanced(t: TestContext): Promise<void> {
  const check = await checkLedger(t);
  expect(check, JSON.stringify(check)).toMatchObject({ balanced: true, postingsSum: 0, negativeAvailable: [] });
}

/** A request as the signed-in user (session cookies and CSRF header); `headers` adds or overrides. */
export function asUser(
  t: TestContext,
  who: SignedIn,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** POST /api/listings/:listingId/buy as the buyer. */
export function buyNow(t: TestContext, buyer: SignedIn, listingId: bigint | string, body: object = {}) {
  return asUser(t, buyer, 'POST', `/api/listings/${listingId}/buy`, body);
}

/** POST /api/cart as the buyer; expects success. */
export async function addToCart(t: TestContext, buyer: SignedIn, listingId: bigint | string): Promise<void> {
  const res = await asUser(t, buyer, 'POST', '/api/cart', { listingId: String(listingId) });
  expect(res.json(), res.body).toMatchObject({ code: '200' });
}
