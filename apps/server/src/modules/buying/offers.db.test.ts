import { BUYING_RULES, type Message, type Offer, type Order, sellerProceeds } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { sweep } from '../auctions/auctions.closing.test-support.ts';
import { insertListing } from '../listings/market.test-support.ts';
import { orderRates } from '../orders/orders.service.ts';
import { readyBuyer, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { closeOffersOfListing, findOpenOfferOf } from './offers.service.ts';

/**
 * Offers and counter-offers (issue 17) through the API: the negotiation to an order, rejections and
 * withdrawals, the floor and the other refusals, one open offer per buyer and listing, whose turn
 * it is, expiry by the sweeper, an acceptance racing a purchase, and the messages each side gets.
 */

const DAY = 86_400;
const EN = { 'accept-language': 'en-US' };
const PRICE = 50_000;
const FLOOR = 10_000;

let seq = 0;

describe.each(enginesFor('sql'))('offers and counter-offers (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, testSignInRoute);
  });
  afterAll(async () => {
    await t?.close();
  });

  const headersOf = async (userId: bigint) => ({ ...(await sessionHeaders(t, userId)), ...EN });
  const post = async (userId: bigint, url: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: await headersOf(userId),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const offer = (buyer: SignedIn, listingId: bigint, amountCents: number) =>
    post(buyer.user.id, `/listings/${listingId}/offers`, { amountCents });
  const answer = (user: SignedIn, offerId: string, verb: 'accept' | 'reject' | 'counter', amountCents?: number) =>
    post(user.user.id, `/offers/${offerId}/${verb}`, amountCents === undefined ? undefined : { amountCents });
  const okOffer = (res: { json(): { code: string; data: unknown }; body: string }): Offer => {
    expect(res.json().code, res.body).toBe('200');
    return res.json().data as Offer;
  };
  const codeOf = (res: { json(): { code: string } }) => res.json().code;
  const offersOf = async (user: SignedIn, query = 'role=buyer') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/offers?${query}`,
      headers: await headersOf(user.user.id),
    });
    expect(res.json().code, res.body).toBe('200');
    return res.json().data as { items: Offer[]; total: number; counts: Record<string, number> };
  };
  const messagesOf = async (user: SignedIn): Promise<Message[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/messages?pageSize=100',
      headers: await headersOf(user.user.id),
    });
    return res.json().data.items as Message[];
  };
  /** The user's offer messages, oldest first. */
  const kindsOf = async (user: SignedIn) =>
    (await messagesOf(user))
      .map((m) => m.kind)
      .filter((k) => k.startsWith('offer_'))
      .reverse();
  const listingStatus = async (seller: SignedIn, listingId: bigint) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/listings/${listingId}`,
      headers: await headersOf(seller.user.id),
    });
    return res.json().data.status as string;
  };
  const getOrder = async (buyer: SignedIn, orderId: string): Promise<Order> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: await headersOf(buyer.user.id),
    });
    expect(res.json().code, res.body).toBe('200');
    return res.json().data as Order;
  };

  /** A seller with an offer-mode listing on sale (a buy-now price and a floor unless told), and a ready buyer. */
  async function market(overrides: Parameters<typeof insertListing>[4] = {}) {
    seq += 1;
    const seller = await signIn(t);
    const buyer = await readyBuyer(t, 0);
    const domain = `offer${seq}x${Date.now().toString(36)}.com`;
    const listing = await insertListing(t.app.platform.db, seller.user.id, domain, t.clock.now(), {
      mode: 'offer',
      priceCents: PRICE,
      floorCents: FLOOR,
      ...overrides,
    });
    return { seller, buyer, listing, domain };
  }

  it('negotiates to an order: offer, counter, offer again, counter, accept → an order awaiting payment', async () => {
    const { seller, buyer, listing } = await market();
    const first = okOffer(await offer(buyer, listing.id, 12_000));
    expect(first).toMatchObject({
      status: 'open',
      role: 'buyer',
      amountCents: 12_000,
      lastBy: 'buyer',
      canAccept: false,
      canReject: true,
      canCounter: false,
      floorCents: FLOOR,
      listingPriceCents: PRICE,
      orderId: null,
    });
    expect(first.counterparty).toMatch(/^.{2}\*{4}.{2}$/);
    expect(first.counterparty).not.toBe(seller.user.accountNo);
    expect(await kindsOf(seller)).toEqual(['offer_received']);

    const received = (await offersOf(seller, 'role=seller')).items[0];
    const proceeds = sellerProceeds(12_000, BUYING_RULES.commissionBps);
    expect(received).toMatchObject({
      offerId: first.offerId,
      role: 'seller',
      canAccept: true,
      canReject: true,
      canCounter: true,
      commissionBps: BUYING_RULES.commissionBps,
      commissionCents: proceeds.commissionCents,
      netCents: proceeds.netCents,
    });

    const countered = okOffer(await answer(seller, first.offerId, 'counter', 30_000));
    expect(countered).toMatchObject({ status: 'countered', role: 'seller', amountCents: 30_000, lastBy: 'seller' });
    expect(await kindsOf(buyer)).toEqual(['offer_countered']);

    // The buyer offers again on the countered offer: the same offer, awaiting the seller.
    const again = okOffer(await offer(buyer, listing.id, 20_000));
    expect(again).toMatchObject({ offerId: first.offerId, status: 'open', amountCents: 20_000, lastBy: 'buyer' });
    expect(await kindsOf(seller)).toEqual(['offer_received', 'offer_received']);

    okOffer(await answer(seller, first.offerId, 'counter', 25_000));
    const accepted = okOffer(await answer(buyer, first.offerId, 'accept'));
    expect(accepted).toMatchObject({ status: 'accepted', amountCents: 25_000, orderStatus: 'awaiting_payment' });
    expect(accepted.history.map((e) => [e.action, e.by, e.amountCents])).toEqual([
      ['offered', 'buyer', 12_000],
      ['countered', 'seller', 30_000],
      ['offered', 'buyer', 20_000],
      ['countered', 'seller', 25_000],
      ['accepted', 'buyer', 25_000],
    ]);
    expect(accepted.totalCents).toBe(25_000 + accepted.taxCents);

    const order = await getOrder(buyer, accepted.orderId as string);
    expect(order).toMatchObject({ status: 'awaiting_payment', domain: listing.domain });
    expect(order.payBy).toBe(new Date(t.clock.now().getTime() + 72 * 3600_000).toISOString());
    expect(await listingStatus(seller, listing.id)).toBe('selling');
    const sellerMessages = await messagesOf(seller);
    const told = sellerMessages.find((m) => m.kind === 'offer_accepted');
    expect(told?.body).toContain(order.orderId);
    expect(told?.link).toBe('/console/offers?role=seller');

    const mine = await offersOf(buyer);
    expect(mine.counts).toEqual({ open: 0, countered: 0, accepted: 1, rejected: 0, expired: 0 });
    expect((await offersOf(seller, 'role=seller')).items[0]).toMatchObject({ status: 'accepted', canAccept: false });
    expect((await offersOf(seller, `role=seller&status=accepted&listingId=${listing.id}`)).total).toBe(1);
    expect((await offersOf(seller, 'role=seller&status=open')).total).toBe(0);
    expect((await offersOf(seller, 'role=buyer')).total).toBe(0);
  });

  it('the seller accepts an open offer: the buyer is told the order and when to pay', async () => {
    const { seller, buyer, listing } = await market({ priceCents: null, floorCents: null });
    const made = okOffer(await offer(buyer, listing.id, BUYING_RULES.minOfferCents));
    const accepted = okOffer(await answer(seller, made.offerId, 'accept'));
    expect(accepted).toMatchObject({ status: 'accepted', role: 'seller', orderStatus: 'awaiting_payment' });
    const told = (await messagesOf(buyer)).find((m) => m.kind === 'offer_accepted');
    expect(told?.body).toContain(accepted.orderId as string);
    expect(told?.link).toBe('/console/offers');
    expect(await kindsOf(seller)).toEqual(['offer_received']);
    expect((await getOrder(buyer, accepted.orderId as string)).amountCents).toBe(accepted.totalCents);
  });

  it('rejects, withdraws and declines a counter, each told to the other side', async () => {
    const { seller, buyer, listing } = await market();
    const a = okOffer(await offer(buyer, listing.id, 15_000));
    expect(okOffer(await answer(seller, a.offerId, 'reject')).status).toBe('rejected');
    expect(await kindsOf(buyer)).toEqual(['offer_rejected']);

    const b = okOffer(await offer(buyer, listing.id, 16_000));
    expect(b.offerId).not.toBe(a.offerId);
    const withdrawn = okOffer(await answer(buyer, b.offerId, 'reject'));
    expect(withdrawn.status).toBe('rejected');
    expect(withdrawn.history.at(-1)).toMatchObject({ action: 'withdrawn', by: 'buyer' });

    const c = okOffer(await offer(buyer, listing.id, 17_000));
    okOffer(await answer(seller, c.offerId, 'counter', 40_000));
    const declined = okOffer(await answer(buyer, c.offerId, 'reject'));
    expect(declined.history.at(-1)).toMatchObject({ action: 'rejected', by: 'buyer' });
    // offer_received ×3, then the withdrawal and the declined counter.
    expect((await kindsOf(seller)).filter((k) => k === 'offer_rejected')).toHaveLength(2);
    expect((await offersOf(buyer)).counts).toMatchObject({ open: 0, rejected: 3 });
  });

  it('refuses an amount below the floor or the minimum, one’s own listing and listings not taking offers', async () => {
    const { seller, buyer, listing } = await market();
    const below = await offer(buyer, listing.id, FLOOR - 1);
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ code: 'Offer.BelowFloor', data: { floorCents: FLOOR } });
    const tiny = await offer(buyer, listing.id, BUYING_RULES.minOfferCents - 1);
    expect(tiny.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { amountCents: expect.any(String) } },
    });
    const own = await post(seller.user.id, `/listings/${listing.id}/offers`, { amountCents: 20_000 });
    // The seller lacks contact information: that comes first; a seller who has it is refused as the owner.
    expect(codeOf(own)).toBe('Commodity.UserContactInfoIncomplete');
    const sellerReady = await readyBuyer(t, 0);
    const ownListing = await insertListing(t.app.platform.db, sellerReady.user.id, `own${seq}.com`, t.clock.now(), {
      mode: 'offer',
      priceCents: null,
    });
    expect(codeOf(await offer(sellerReady, ownListing.id, 20_000))).toBe('Offer.OwnListing');
    const fixed = await insertListing(t.app.platform.db, seller.user.id, `fixed${seq}.com`, t.clock.now());
    expect(codeOf(await offer(buyer, fixed.id, 20_000))).toBe('Offer.NotAccepted');
    const selling = await insertListing(t.app.platform.db, seller.user.id, `selling${seq}.com`, t.clock.now(), {
      mode: 'offer',
      status: 'selling',
    });
    const refused = await offer(buyer, selling.id, 20_000);
    expect(refused.json()).toMatchObject({ code: 'Commodity.PurchaseFailed', data: { reason: 'selling' } });
    expect(codeOf(await offer(buyer, 999_999_999n, 20_000))).toBe('Listing.NotFound');
    expect((await offersOf(buyer)).total).toBe(0);
  });

  it('keeps one open offer per buyer and listing, also when two arrive at once', async () => {
    const { buyer, listing } = await market();
    okOffer(await offer(buyer, listing.id, 20_000));
    expect(codeOf(await offer(buyer, listing.id, 21_000))).toBe('Offer.AlreadyOpen');

    const other = await market();
    const results = await Promise.all([
      offer(other.buyer, other.listing.id, 20_000),
      offer(other.buyer, other.listing.id, 22_000),
    ]);
    expect(results.map(codeOf).sort()).toEqual(['200', 'Offer.AlreadyOpen']);
    expect((await offersOf(other.buyer)).total).toBe(1);
    expect(await kindsOf(other.seller)).toEqual(['offer_received']);
  });

  it('answers only the side whose turn it is, only on open offers, only to the parties', async () => {
    const { seller, buyer, listing } = await market();
    const made = okOffer(await offer(buyer, listing.id, 20_000));
    expect(codeOf(await answer(buyer, made.offerId, 'accept'))).toBe('Offer.NotYourTurn');
    expect(codeOf(await answer(buyer, made.offerId, 'counter', 30_000))).toBe('Offer.NotYourTurn');
    const stranger = await readyBuyer(t, 0);
    const notParty = await answer(stranger, made.offerId, 'reject');
    expect(notParty.statusCode).toBe(404);
    expect(codeOf(notParty)).toBe('Offer.NotFound');
    // The counter must beat the buyer's amount and stay within the buy-now price.
    const low = await answer(seller, made.offerId, 'counter', 20_000);
    expect(low.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { amountCents: expect.any(String) } },
    });
    expect(codeOf(await answer(seller, made.offerId, 'counter', PRICE + 1))).toBe('Request.Invalid');

    okOffer(await answer(seller, made.offerId, 'counter', PRICE));
    expect(codeOf(await answer(seller, made.offerId, 'accept'))).toBe('Offer.NotYourTurn');
    okOffer(await answer(buyer, made.offerId, 'reject'));
    expect(codeOf(await answer(buyer, made.offerId, 'accept'))).toBe('Offer.InvalidTransition');
    expect(codeOf(await answer(seller, made.offerId, 'reject'))).toBe('Offer.InvalidTransition');
  });

  it('an id beyond bigint (19 digits) is refused as a malformed one, in either language, never a 500', async () => {
    const { buyer, listing } = await market();
    okOffer(await offer(buyer, listing.id, 20_000));
    const huge = '9999999999999999999';
    for (const lang of ['en-US', 'zh-CN']) {
      const headers = { ...(await sessionHeaders(t, buyer.user.id)), 'accept-language': lang };
      const onListing = await t.app.inject({
        method: 'POST',
        url: `/api/listings/${huge}/offers`,
        headers,
        payload: { amountCents: 20_000 },
      });
      expect([onListing.statusCode, codeOf(onListing)], onListing.body).toEqual([400, 'Request.Invalid']);
      for (const verb of ['accept', 'reject', 'counter']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/offers/${huge}/${verb}`,
          headers,
          payload: { amountCents: 20_000 },
        });
        expect([res.statusCode, codeOf(res)], res.body).toEqual([400, 'Request.Invalid']);
        expect(res.json().message).toMatch(lang === 'zh-CN' ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/);
      }
      const filtered = await t.app.inject({ method: 'GET', url: `/api/offers?listingId=${huge}`, headers });
      expect([filtered.statusCode, codeOf(filtered)], filtered.body).toEqual([400, 'Request.Invalid']);
      expect(filtered.json().message).toMatch(lang === 'zh-CN' ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/);
    }
  });

  it('two answers at once: exactly one wins', async () => {
    const { seller, buyer, listing } = await market();
    const made = okOffer(await offer(buyer, listing.id, 20_000));
    const results = await Promise.all([answer(seller, made.offerId, 'accept'), answer(seller, made.offerId, 'reject')]);
    expect(results.map(codeOf).sort()).toEqual(['200', 'Offer.InvalidTransition']);
    const [final] = (await offersOf(buyer)).items;
    expect(final?.history).toHaveLength(2);
  });

  it('expires an unanswered offer by the sweeper; both sides are told', async () => {
    const { seller, buyer, listing } = await market();
    const made = okOffer(await offer(buyer, listing.id, 20_000));
    t.clock.advance(BUYING_RULES.offerExpiryDays * DAY - 60);
    await sweep(t);
    expect((await offersOf(buyer)).items[0]?.status).toBe('open');
    t.clock.advance(120);
    // Past its time the offer cannot be answered, even before the sweeper runs.
    expect(codeOf(await answer(seller, made.offerId, 'accept'))).toBe('Offer.InvalidTransition');
    await sweep(t);
    const [expired] = (await offersOf(buyer)).items;
    expect(expired).toMatchObject({ status: 'expired', canReject: false });
    expect(expired?.history.at(-1)).toMatchObject({ action: 'expired', by: 'system' });
    expect(await kindsOf(buyer)).toEqual(['offer_expired']);
    expect(await kindsOf(seller)).toEqual(['offer_received', 'offer_expired']);
    // A new offer starts afresh.
    expect(okOffer(await offer(buyer, listing.id, 21_000)).offerId).not.toBe(made.offerId);
  });

  it('an acceptance racing another buyer’s purchase: exactly one order', async () => {
    const { seller, buyer, listing } = await market();
    const rival = await readyBuyer(t, 1_000_000);
    const made = okOffer(await offer(buyer, listing.id, 20_000));
    const [accepted, bought] = await Promise.all([
      answer(seller, made.offerId, 'accept'),
      post(rival.user.id, `/listings/${listing.id}/buy`, {}),
    ]);
    const codes = [codeOf(accepted), codeOf(bought)];
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(codes.filter((c) => c === 'Commodity.PurchaseFailed')).toHaveLength(1);
    const [mine] = (await offersOf(buyer)).items;
    if (codeOf(accepted) === '200') expect(mine?.status).toBe('accepted');
    else expect(mine).toMatchObject({ status: 'open', orderId: null, canAccept: false });
    expect(await listingStatus(seller, listing.id)).toBe('selling');
  });

  it('a taken-down or sold listing rejects its open offers, each buyer told', async () => {
    const { seller, buyer, listing } = await market();
    const second = await readyBuyer(t, 0);
    const a = okOffer(await offer(buyer, listing.id, 20_000));
    const b = okOffer(await offer(second, listing.id, 22_000));
    okOffer(await answer(seller, b.offerId, 'counter', 30_000));
    const down = await post(seller.user.id, `/listings/${listing.id}`, { action: 'take_down' });
    expect(down.json().code, down.body).toBe('200');
    for (const [who, id] of [
      [buyer, a.offerId],
      [second, b.offerId],
    ] as const) {
      const [closed] = (await offersOf(who)).items;
      expect(closed).toMatchObject({ offerId: id, status: 'rejected' });
      expect(closed?.history.at(-1)).toMatchObject({ action: 'rejected', by: 'system' });
      expect((await kindsOf(who)).at(-1)).toBe('offer_rejected');
    }

    const sold = await market();
    const c = okOffer(await offer(sold.buyer, sold.listing.id, 20_000));
    const now = t.clock.now();
    expect(
      (await findOpenOfferOf(t.app.platform.db, sold.buyer.user.id, sold.listing.id, now, orderRates(t.app)))?.offerId,
    ).toBe(c.offerId);
    await t.app.platform.db.transaction((tx) => closeOffersOfListing(tx, sold.listing.id, 'sold', now));
    expect(
      await findOpenOfferOf(t.app.platform.db, sold.buyer.user.id, sold.listing.id, now, orderRates(t.app)),
    ).toBeNull();
    expect(await kindsOf(sold.buyer)).toEqual(['offer_rejected']);
  });
});
