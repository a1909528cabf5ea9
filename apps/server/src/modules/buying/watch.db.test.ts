import { BUYING_RULES } from '@namebourse/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { listings, listingWatches } from '../../db/schema/index.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { insertListing } from '../listings/market.test-support.ts';
import { type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { isListingWatched } from './watch.service.ts';

const DAY_MS = 86_400_000;
const EN = { 'accept-language': 'en-US' };

/**
 * Watched listings (issue 17; POST /watchlist with listingId, GET /watchlist/listings, DELETE
 * /watchlist/listings/:listingId): a buyer watches market listings, sees them newest first with the
 * price and the time left, keeps a sold one marked unavailable, removes one, and meets the limit.
 */
describe.each(enginesFor('app'))('watched listings (%s)', (engine) => {
  let t: TestContext;
  let seller: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, testSignInRoute);
    seller = await signIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  let seq = 0;
  const listing = (o: Parameters<typeof insertListing>[4] = {}) => {
    seq += 1;
    return insertListing(t.app.platform.db, seller.user.id, `watch${seq}-${engine}.com`, t.clock.now(), o);
  };
  // A fresh session each time: the clock moves past the access token's life.
  const headersOf = async (who: SignedIn) => ({ ...(await sessionHeaders(t, who.user.id)), ...EN });
  const watch = async (who: SignedIn, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/watchlist', headers: await headersOf(who), payload: body });
  const unwatch = async (who: SignedIn, listingId: bigint) =>
    t.app.inject({ method: 'DELETE', url: `/api/watchlist/listings/${listingId}`, headers: await headersOf(who) });
  const watched = async (who: SignedIn, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/watchlist/listings${query}`,
      headers: await headersOf(who),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('watches listings, lists them newest first with price and time left, keeps sold ones, removes', async () => {
    const buyer = await signIn(t);
    const expiresAt = new Date(t.clock.now().getTime() + 10 * DAY_MS);
    const fixed = await listing({ priceCents: 12_300, expiresAt });
    const offer = await listing({ mode: 'offer', priceCents: null, floorCents: 5_000 });

    const first = await watch(buyer, { listingId: fixed.id.toString() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ listingId: fixed.id.toString(), isWatched: true });
    t.clock.advance(60);
    expect((await watch(buyer, { listingId: offer.id.toString() })).statusCode).toBe(200);
    // Idempotent.
    expect((await watch(buyer, { listingId: offer.id.toString() })).json().data.isWatched).toBe(true);
    expect(await isListingWatched(t.app.platform.db, buyer.user.id, fixed.id)).toBe(true);
    // Lots still go through the same route.
    const lot = await watch(buyer, { auctionId: '999999999' });
    expect(lot.json().code).toBe('Auction.NotFound');

    t.clock.advance(3600);
    const page = await watched(buyer);
    expect(page.total).toBe(2);
    expect(page.items.map((w: { listingId: string }) => w.listingId)).toEqual([
      offer.id.toString(),
      fixed.id.toString(),
    ]);
    expect(page.items[1]).toMatchObject({
      domain: fixed.domain,
      mode: 'fixed',
      status: 'on_sale',
      available: true,
      priceCents: 12_300,
      expiresAt: expiresAt.toISOString(),
      timeLeftSeconds: 10 * 86_400 - 3_660,
    });
    expect(page.items[0]).toMatchObject({ mode: 'offer', priceCents: null, floorCents: 5_000, timeLeftSeconds: null });

    // Sold meanwhile: still listed, marked unavailable.
    await t.app.platform.db
      .update(listings)
      .set({ status: 'sold' })
      .where(inArray(listings.id, [fixed.id, offer.id]));
    const afterSale = await watched(buyer);
    expect(afterSale.items.map((w: { available: boolean; status: string }) => [w.status, w.available])).toEqual([
      ['sold', false],
      ['sold', false],
    ]);

    // Removed; idempotent; another user's list is their own.
    const removed = await unwatch(buyer, fixed.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ listingId: fixed.id.toString(), isWatched: false });
    const again = await unwatch(buyer, fixed.id);
    expect(again.json().data.isWatched).toBe(false);
    expect((await watched(buyer)).items.map((w: { listingId: string }) => w.listingId)).toEqual([offer.id.toString()]);
    expect((await watched(await signIn(t))).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/watchlist/listings' })).statusCode).toBe(401);
  });

  it('refuses listings off the market and bad ids', async () => {
    const buyer = await signIn(t);
    const paused = await listing({ paused: true, pausedReason: 'seller' });
    const pending = await listing({ status: 'pending_review', listedAt: null });
    for (const l of [paused, pending]) {
      const res = await watch(buyer, { listingId: l.id.toString() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'Listing.NotFound', message: 'This listing does not exist' });
    }
    expect((await watch(buyer, { listingId: '99999999' })).json().code).toBe('Listing.NotFound');
    const bad = await watch(buyer, { listingId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');
    expect((await watch(buyer, {})).statusCode).toBe(400);
  });

  it(`stops at ${BUYING_RULES.listingWatchMax} listings`, async () => {
    const buyer = await signIn(t);
    const db = t.app.platform.db;
    const now = t.clock.now();
    const max = BUYING_RULES.listingWatchMax;
    const rows = await db
      .insert(listings)
      .values(
        Array.from({ length: max + 1 }, (_, i) => ({
          userId: seller.user.id,
          domain: `full${i}-${engine}.net`,
          name: `full${i}-${engine}`,
          tld: 'net',
          length: `full${i}-${engine}`.length,
          source: 'external',
          mode: 'fixed',
          status: 'on_sale',
          priceCents: 1_000,
          endOption: 'long_term',
          submittedAt: now,
          listedAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: listings.id });
    await db
      .insert(listingWatches)
      .values(rows.slice(0, max - 1).map((r) => ({ userId: buyer.user.id, listingId: r.id, createdAt: now })));
    // The last place is taken; then the list is full.
    expect((await watch(buyer, { listingId: String(rows[max - 1]?.id) })).statusCode).toBe(200);
    const full = await watch(buyer, { listingId: String(rows[max]?.id) });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'Watchlist.LimitReached', message: 'Your watchlist is full' });
    // A listing already watched still answers watched.
    expect((await watch(buyer, { listingId: String(rows[0]?.id) })).statusCode).toBe(200);
    expect((await watched(buyer, '?pageSize=5')).total).toBe(max);
  });
});
