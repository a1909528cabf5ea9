import { BUYING_RULES, sellerProceeds } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { deliverDomain, findDomain } from '../domains/domains.service.ts';
import { getOrderBySource } from '../orders/orders.service.ts';
import {
  buildMoneyTestApp,
  completeContactInfo,
  readyBuyer,
  type SignedIn,
  sessionHeaders,
  signIn,
} from '../orders/orders.test-support.ts';
import { balances, bidDirect, books, lotRow, sweep } from './auctions.closing.test-support.ts';
import { createSellerLot } from './auctions.seller.ts';

const DAY = 86_400;
let seq = 0;

/**
 * Seller auctions (issue 16) on the auction engine: the reserve decides the sale, the seller cannot
 * bid on their own lot, a paid win hands the seller's domain to the buyer at once (no 27-day wait)
 * and the escrow goes to the seller's earnings; a seller who no longer holds it → the buyer refunded.
 */
describe.each(enginesFor('sql'))('seller auctions (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A seller holding a fresh domain, and a 3-day lot of it (start $10, reserve as given). */
  async function sellerLot(reserveCents: number | null): Promise<{ seller: SignedIn; lotId: bigint; domain: string }> {
    seq += 1;
    const seller = await signIn(t);
    await completeContactInfo(t, seller.headers);
    const domain = `sell${seq}x${Date.now().toString(36)}.com`;
    const now = t.clock.now();
    const lotId = await t.app.platform.db.transaction(async (tx) => {
      await deliverDomain(tx, {
        userId: seller.user.id,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: null,
        expiresAt: new Date(now.getTime() + 300 * DAY * 1000),
        orderId: null,
        now,
      });
      return createSellerLot(tx, {
        sellerId: seller.user.id,
        listingId: 0n,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: null,
        expiresAt: null,
        startPriceCents: 1_000,
        reservePriceCents: reserveCents,
        durationDays: 3,
        now,
      });
    });
    return { seller, lotId, domain };
  }

  const bidHttp = (who: SignedIn, lotId: bigint, amountCents: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auctions/${lotId}/bids`,
      headers: { ...who.headers, 'accept-language': 'en-US' },
      payload: { amountCents },
    });

  it('opens bidding at once for the chosen days; the seller cannot bid on it', async () => {
    const { seller, lotId } = await sellerLot(null);
    const lot = await lotRow(t, lotId);
    expect(lot.type).toBe('seller');
    expect(lot.status).toBe('bidding');
    expect(lot.endsAt.getTime() - lot.startsAt.getTime()).toBe(3 * DAY * 1000);
    const detail = await t.app.inject({ method: 'GET', url: `/api/auctions/${lotId}`, headers: seller.headers });
    expect(detail.json().data).toMatchObject({ type: 'seller', isMine: true, hasReserve: false, reserveMet: null });

    const own = await bidHttp(seller, lotId, 1_000);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({
      code: 'Auction.OwnLot',
      message: 'Bid Failed: you cannot bid on a domain you are selling',
    });
  });

  it('a reserve not met sells nothing: every deposit goes back and the seller keeps the domain', async () => {
    const { seller, lotId, domain } = await sellerLot(50_000);
    const a = await readyBuyer(t, 100_000);
    const b = await readyBuyer(t, 100_000);
    await bidDirect(t, lotId, a.user.id, 20_000);
    await bidDirect(t, lotId, b.user.id, 30_000);
    const open = await t.app.inject({ method: 'GET', url: `/api/auctions/${lotId}` });
    expect(open.json().data).toMatchObject({ hasReserve: true, reserveMet: false });

    t.clock.advance(3 * DAY + 1);
    await sweep(t);
    const closed = await lotRow(t, lotId);
    expect(closed.status).toBe('ended');
    expect(closed.winnerId).toBeNull();
    expect(await getOrderBySource(t.app.platform.db, 'auction', lotId.toString())).toBeUndefined();
    expect((await balances(t, a.user.id)).frozenCents).toBe(0);
    expect((await balances(t, b.user.id)).frozenCents).toBe(0);
    expect((await findDomain(t.app.platform.db, domain))?.userId).toBe(seller.user.id);
  });

  it('a leader whose maximum reaches the reserve buys at the reserve; once paid the domain is theirs at once and the seller is paid', async () => {
    const { seller, lotId, domain } = await sellerLot(25_000);
    const a = await readyBuyer(t, 200_000);
    const b = await readyBuyer(t, 200_000);
    await bidDirect(t, lotId, a.user.id, 15_000);
    await bidDirect(t, lotId, b.user.id, 40_000);
    const leading = await t.app.inject({ method: 'GET', url: `/api/auctions/${lotId}` });
    expect(leading.json().data).toMatchObject({ hasReserve: true, reserveMet: true });
    expect(leading.json().data.currentPriceCents).toBeLessThan(25_000);

    t.clock.advance(3 * DAY + 1);
    await sweep(t);
    const order = await getOrderBySource(t.app.platform.db, 'auction', lotId.toString());
    expect(order).toMatchObject({ buyerId: b.user.id, sellerId: seller.user.id, amountExTaxCents: 25_000 });
    expect((await lotRow(t, lotId)).winningPriceCents).toBe(25_000);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order?.id}/pay`,
      headers: await sessionHeaders(t, b.user.id),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await sweep(t);
    const after = await getOrderBySource(t.app.platform.db, 'auction', lotId.toString());
    expect(after?.status).toBe('completed');
    const held = await findDomain(t.app.platform.db, domain);
    expect(held).toMatchObject({ userId: b.user.id, listed: false, orderId: order?.id });
    // The seller's earnings: the price less the commission (the lot's listing is unknown here: today's
    // rate); the tax and the commission are the platform's.
    expect(after).toMatchObject({ listingId: 0n, commissionBps: BUYING_RULES.commissionBps });
    expect((await balances(t, seller.user.id)).earningsCents).toBe(
      sellerProceeds(25_000, BUYING_RULES.commissionBps).netCents,
    );
    expect((await books(t)).balanced).toBe(true);
  });

  it('a seller who no longer holds the domain at payment: the buyer is refunded', async () => {
    const { lotId, domain } = await sellerLot(null);
    const a = await readyBuyer(t, 100_000);
    await bidDirect(t, lotId, a.user.id, 5_000);
    t.clock.advance(3 * DAY + 1);
    await sweep(t);
    const order = await getOrderBySource(t.app.platform.db, 'auction', lotId.toString());
    // The domain left the seller in the meantime (another account holds it now).
    const other = await signIn(t);
    await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId: other.user.id,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: null,
        expiresAt: null,
        orderId: `elsewhere-${lotId}`,
        now: t.clock.now(),
      }),
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order?.id}/pay`,
      headers: await sessionHeaders(t, a.user.id),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await sweep(t);
    const after = await getOrderBySource(t.app.platform.db, 'auction', lotId.toString());
    expect(after?.status).toBe('refunded');
    // Everything back: the paid price refunded, the deposit released after payment.
    expect(await balances(t, a.user.id)).toMatchObject({ availableCents: 100_000, frozenCents: 0 });
    expect((await findDomain(t.app.platform.db, domain))?.userId).toBe(other.user.id);
  });
});
