import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { domains } from '../../db/schema/index.ts';
import { bidDirect, sweep } from '../auctions/auctions.closing.test-support.ts';
import { deliverDomain, findDomain } from '../domains/domains.service.ts';
import { listMessages } from '../messages/messages.service.ts';
import { getOrderBySource } from '../orders/orders.service.ts';
import {
  buildMoneyTestApp,
  completeContactInfo,
  readyBuyer,
  type SignedIn,
  sessionHeaders,
  signIn,
} from '../orders/orders.test-support.ts';

const DAY = 86_400;
const EN = { 'accept-language': 'en-US' };

/**
 * A seller auction from the seller centre's side (issue 16): the approved listing's lot runs on the
 * engine, the listing follows it — selling once won, sold once paid (the domain handed to the
 * buyer), expired when nothing sold — and turning the lock on while the lot runs neither withdraws
 * it nor lets the domain leave.
 */
describe.each(enginesFor('app'))('seller auction listings (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  let seq = 0;
  async function sellerWithDomain(): Promise<{ seller: SignedIn; domain: string }> {
    seq += 1;
    const seller = await signIn(t);
    await completeContactInfo(t, seller.headers);
    const domain = `auct${seq}-${engine}-${Date.now().toString(36)}.com`;
    const now = t.clock.now();
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId: seller.user.id,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: null,
        expiresAt: new Date(now.getTime() + 300 * DAY * 1000),
        orderId: `A${seq}${domain}`,
        now,
      }),
    );
    await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
    return { seller, domain };
  }
  const headersOf = async (who: SignedIn) => ({ ...(await sessionHeaders(t, who.user.id)), ...EN });
  const listing = async (who: SignedIn, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers: await headersOf(who) })).json().data;

  async function auctionListing(seller: SignedIn, domain: string, reserveCents?: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: await headersOf(seller),
      payload: {
        domain,
        mode: 'auction',
        startPriceCents: 1_000,
        ...(reserveCents ? { reservePriceCents: reserveCents } : {}),
        durationDays: 3,
        descriptionEn: 'A short brandable name',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { listingId: string; status: string; auctionId: string };
  }

  it('won, locked meanwhile, paid: the listing goes selling → sold and the domain to the buyer', async () => {
    const { seller, domain } = await sellerWithDomain();
    const created = await auctionListing(seller, domain, 3_000);
    expect(created).toMatchObject({ status: 'on_sale', auctionId: expect.any(String) });
    const lot = await t.app.inject({ method: 'GET', url: `/api/auctions/${created.auctionId}` });
    expect(lot.json().data).toMatchObject({ domain, type: 'seller', status: 'bidding', hasReserve: true });

    // Locking a domain whose auction runs cannot withdraw it (bids bind): it stays listed.
    const lock = await t.app.inject({
      method: 'POST',
      url: `/api/domains/${domain}/transfer-lock`,
      headers: await headersOf(seller),
      payload: { locked: true },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    expect((await listing(seller, created.listingId)).status).toBe('on_sale');
    expect((await findDomain(t.app.platform.db, domain))?.listed).toBe(true);

    const buyer = await readyBuyer(t, 100_000);
    await bidDirect(t, BigInt(created.auctionId), buyer.user.id, 4_000);
    t.clock.advance(3 * DAY + 1);
    await sweep(t);
    const order = await getOrderBySource(t.app.platform.db, 'auction', created.auctionId);
    expect(order).toMatchObject({ buyerId: buyer.user.id, sellerId: seller.user.id, amountExTaxCents: 3_000 });
    expect((await listing(seller, created.listingId)).status).toBe('selling');

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order?.id}/pay`,
      headers: await headersOf(buyer),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await sweep(t);
    expect((await listing(seller, created.listingId)).status).toBe('sold');
    expect(await findDomain(t.app.platform.db, domain)).toMatchObject({ userId: buyer.user.id, listed: false });
  });

  it('no bids: the listing expires, the domain is no longer listed and the seller is told', async () => {
    const { seller, domain } = await sellerWithDomain();
    const created = await auctionListing(seller, domain);
    expect((await findDomain(t.app.platform.db, domain))?.listed).toBe(true);
    t.clock.advance(3 * DAY + 1);
    await sweep(t);
    expect((await listing(seller, created.listingId)).status).toBe('expired');
    expect((await findDomain(t.app.platform.db, domain))?.listed).toBe(false);
    const messages = await listMessages(
      t.app,
      seller.user.id,
      { page: 1, pageSize: 20, unread: false },
      { locale: 'en-US', timezoneOffsetMinutes: 0 },
    );
    expect(messages.items.map((m) => m.kind)).toContain('listing_expired');
  });
});
