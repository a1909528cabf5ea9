import { BUYING_RULES, sellerProceeds } from '@namebourse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { rowsOf } from '../../db/rows.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { balances, books, sweep } from '../auctions/auctions.closing.test-support.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { insertListing } from '../listings/market.test-support.ts';
import { readyBuyer, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';

/**
 * The books after a random mix of buying (issue 17, on PostgreSQL): several sellers' fixed-price
 * and offer listings (held here and elsewhere, at locked commission rates), several buyers who buy
 * now, fill carts and check out, make offers that sellers accept, counter or reject and buyers
 * answer, pay or leave orders unpaid until they lapse (the clock advanced and the sweepers run),
 * domains handed over, pushed by their sellers or refunded at the deadline. After every step the
 * ledger check passes (postings sum to zero, no negative available balance, every balance equals
 * its postings), no listing has two open orders, and a 'selling' listing is held by exactly its
 * open order. At the end: the sellers' earnings are Σ(price − commission) of the completed sales,
 * the fees their commissions, tax_payable their tax, escrow the paid orders not yet delivered, and
 * each buyer's balance what they were given less what their live purchases cost.
 *
 * BUYING_PROPERTY_SEED sets the seed, BUYING_PROPERTY_STEPS the number of steps (default 150).
 */

const SEED = process.env.BUYING_PROPERTY_SEED
  ? Number(process.env.BUYING_PROPERTY_SEED)
  : Math.floor(Math.random() * 2 ** 31);
const STEPS = Number(process.env.BUYING_PROPERTY_STEPS ?? 150);
const SELLERS = 3;
const BUYERS = 4;
const LISTINGS = 18;
const HOUR = 3_600;
const DAY = 24 * HOUR;
const EN = { 'accept-language': 'en-US' };
const OPEN = ['awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed'];
const IN_ESCROW = ['paid_awaiting_delivery', 'transferring', 'delivery_failed'];

interface OrderLine {
  id: string;
  buyer_id: string;
  seller_id: string | null;
  listing_id: string | null;
  status: string;
  amount_cents: string;
  amount_ex_tax_cents: string;
  tax_cents: string;
  commission_bps: number | null;
  delivery: string | null;
}

const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePg('buying: the books after a random mix (postgres)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp('postgres', {}, testSignInRoute);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    rowsOf<T>(await t.app.platform.db.execute(query));

  it(`keeps the books balanced and pays sellers their net (seed ${SEED})`, { timeout: 1_800_000 }, async () => {
    const rnd = seededRandom(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
    const headersOf = async (who: SignedIn) => ({ ...(await sessionHeaders(t, who.user.id)), ...EN });
    const call = async (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await t.app.inject({
        method,
        url,
        headers: await headersOf(who),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      // Whatever the step, never a server error.
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      return res.json() as { code: string; data?: Record<string, unknown> };
    };

    const baseline = (await books(t)).platform;
    const sellers: SignedIn[] = [];
    for (let i = 0; i < SELLERS; i++) sellers.push(await signIn(t));
    const buyers: SignedIn[] = [];
    const given = new Map<bigint, number>();
    for (let i = 0; i < BUYERS; i++) {
      const cents = 30_000 + Math.floor(rnd() * 150_000);
      const buyer = await readyBuyer(t, cents);
      buyers.push(buyer);
      given.set(buyer.user.id, cents);
    }
    const listings: { id: bigint; seller: SignedIn; mode: 'fixed' | 'offer'; floor: number }[] = [];
    for (let i = 0; i < LISTINGS; i++) {
      const seller = pick(sellers);
      const held = rnd() < 0.6;
      const mode = rnd() < 0.6 ? 'fixed' : 'offer';
      const domain = `prop${i}x${SEED.toString(36)}${Date.now().toString(36)}.com`;
      const now = t.clock.now();
      let domainId: bigint | null = null;
      if (held) {
        const row = await t.app.platform.db.transaction((tx) =>
          deliverDomain(tx, {
            userId: seller.user.id,
            domain,
            registrar: 'NameBourse Registrar',
            registeredAt: null,
            expiresAt: new Date(now.getTime() + 300 * DAY * 1000),
            orderId: null,
            now,
          }),
        );
        domainId = row.id;
      }
      const price = 500 + Math.floor(rnd() * 40_000);
      const floor = mode === 'offer' ? Math.max(BUYING_RULES.minOfferCents, Math.floor(price / 2)) : 0;
      const listing = await insertListing(t.app.platform.db, seller.user.id, domain, now, {
        source: held ? 'held' : 'external',
        domainId,
        mode,
        priceCents: price,
        floorCents: mode === 'offer' ? floor : null,
        endOption: 'long_term',
        commissionBps: pick([300, 500, 800]),
        // Some locks run out during the run: those sales pay today's rate.
        feeLockedUntil: new Date(now.getTime() + Math.floor(rnd() * 20) * DAY * 1000),
      });
      listings.push({ id: listing.id, seller, mode, floor });
    }

    const check = async (step: number, what: string) => {
      const report = await books(t);
      expect(report.balanced, `step ${step} (${what}): ${JSON.stringify(report)}`).toBe(true);
      const doubled = await rows<{ listing_id: string; n: string }>(sql`
        select listing_id, count(*) as n from orders
        where listing_id is not null and status in ('awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed')
        group by listing_id having count(*) > 1`);
      expect(doubled, `step ${step} (${what}): two open orders`).toEqual([]);
      const ids = listings.map((l) => l.id.toString());
      const inconsistent = await rows<{
        id: string;
        status: string;
        order_id: string | null;
        open_id: string | null;
      }>(sql`
        select l.id, l.status, l.order_id, o.id as open_id
        from listings l
        left join orders o on o.listing_id = l.id
          and o.status in ('awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed')
        where l.id::text = any(${sql.param(ids)}::text[])
          and ((l.status = 'selling') <> (o.id is not null) or (o.id is not null and l.order_id <> o.id))`);
      expect(inconsistent, `step ${step} (${what}): listing and order disagree`).toEqual([]);
    };

    const myOrders = async (buyer: SignedIn, statuses: string[]) =>
      rows<{ id: string; delivery: string | null; seller_id: string | null }>(sql`
        select id, delivery, seller_id::text from orders
        where buyer_id = ${buyer.user.id} and status = any(${sql.param(statuses)}::text[])`);
    const openOffers = async () =>
      rows<{ id: string; buyer_id: string; seller_id: string; status: string; amount_cents: string }>(sql`
        select id, buyer_id::text, seller_id::text, status, amount_cents from offers
        where status in ('open', 'countered')`);
    const userById = (id: string) => [...buyers, ...sellers].find((u) => u.user.id.toString() === id) as SignedIn;

    const counts: Record<string, number> = {};
    for (let step = 0; step < STEPS; step++) {
      const r = rnd();
      let what: string;
      if (r < 0.16) {
        what = 'buy';
        const listing = pick(listings.filter((l) => l.mode === 'fixed'));
        await call(pick(buyers), 'POST', `/api/listings/${listing.id}/buy`, {});
      } else if (r < 0.28) {
        what = 'checkout';
        const buyer = pick(buyers);
        const n = 1 + Math.floor(rnd() * 3);
        for (let i = 0; i < n; i++) {
          const listing = pick(listings.filter((l) => l.mode === 'fixed'));
          await call(buyer, 'POST', '/api/cart', { listingId: listing.id.toString() });
        }
        const cart = await call(buyer, 'GET', '/api/cart');
        const lines = ((cart.data?.items ?? []) as { listingId: string; priceCents: number | null }[]).filter(
          (line) => line.priceCents !== null,
        );
        if (lines.length > 0) {
          await call(buyer, 'POST', '/api/cart/checkout', {
            items: lines.map((line) => ({ listingId: line.listingId, priceCents: line.priceCents })),
          });
        }
      } else if (r < 0.42) {
        what = 'offer';
        const listing = pick(listings.filter((l) => l.mode === 'offer'));
        const amount = listing.floor + Math.floor(rnd() * listing.floor);
        await call(pick(buyers), 'POST', `/api/listings/${listing.id}/offers`, { amountCents: amount });
      } else if (r < 0.58) {
        what = 'answer';
        const offers = await openOffers();
        if (offers.length > 0) {
          const offer = pick(offers);
          const by = userById(offer.status === 'open' ? offer.seller_id : offer.buyer_id);
          const verb = pick(['accept', 'accept', 'counter', 'reject'] as const);
          const amount = Number(offer.amount_cents) + 100 + Math.floor(rnd() * 2_000);
          await call(
            by,
            'POST',
            `/api/offers/${offer.id}/${verb}`,
            verb === 'counter' ? { amountCents: amount } : undefined,
          );
        }
      } else if (r < 0.74) {
        what = 'pay';
        const buyer = pick(buyers);
        const awaiting = await myOrders(buyer, ['awaiting_payment']);
        if (awaiting.length > 0) await call(buyer, 'POST', `/api/orders/${pick(awaiting).id}/pay`, {});
      } else if (r < 0.82) {
        what = 'push';
        const buyer = pick(buyers);
        const waiting = (await myOrders(buyer, ['paid_awaiting_delivery', 'delivery_failed'])).filter(
          (o) => o.delivery === 'seller_push' && o.seller_id !== null,
        );
        if (waiting.length > 0) {
          const order = pick(waiting);
          await call(userById(order.seller_id as string), 'POST', `/api/seller/sales/${order.id}/deliver`, {
            authCode: `Code-${Math.floor(rnd() * 1e6)}`,
          });
        }
      } else {
        what = 'time';
        t.clock.advance(Math.floor(1 + rnd() * 80) * HOUR);
        await sweep(t);
      }
      counts[what] = (counts[what] ?? 0) + 1;
      await check(step, what);
    }
    // Let every deadline pass: unpaid orders lapse, handovers and pushes finish or are refunded.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(4 * DAY);
      await sweep(t);
    }
    await check(STEPS, 'end');

    const sellerIds = sellers.map((s) => s.user.id.toString());
    const orders = await rows<OrderLine>(sql`
      select id, buyer_id::text, seller_id::text, listing_id::text, status, amount_cents, amount_ex_tax_cents, tax_cents,
        commission_bps, delivery
      from orders where seller_id::text = any(${sql.param(sellerIds)}::text[])`);
    const completed = orders.filter((o) => o.status === 'completed');
    let net = 0;
    let commission = 0;
    let tax = 0;
    for (const o of completed) {
      const proceeds = sellerProceeds(Number(o.amount_ex_tax_cents), o.commission_bps ?? BUYING_RULES.commissionBps);
      net += proceeds.netCents;
      commission += proceeds.commissionCents;
      tax += Number(o.tax_cents);
    }
    let earnings = 0;
    for (const seller of sellers) earnings += (await balances(t, seller.user.id)).earningsCents;
    expect(earnings).toBe(net);
    const platform = (await books(t)).platform;
    const delta = (account: string) => (platform[account] ?? 0) - (baseline[account] ?? 0);
    expect(delta('fees')).toBe(commission);
    expect(delta('tax_payable')).toBe(tax);
    const escrowed = orders.filter((o) => IN_ESCROW.includes(o.status)).reduce((s, o) => s + Number(o.amount_cents), 0);
    expect(delta('escrow')).toBe(escrowed);
    // Each buyer: what they were given less what their paid, not refunded purchases cost.
    for (const buyer of buyers) {
      const spent = orders
        .filter((o) => o.buyer_id === buyer.user.id.toString() && ['completed', ...IN_ESCROW].includes(o.status))
        .reduce((s, o) => s + Number(o.amount_cents), 0);
      expect((await balances(t, buyer.user.id)).availableCents).toBe((given.get(buyer.user.id) ?? 0) - spent);
    }
    // No order is left open once every deadline passed, except transfers the registrar still decides.
    expect(orders.filter((o) => OPEN.includes(o.status) && o.status !== 'transferring')).toEqual([]);
    // The mix did what it says: sales completed, lapsed and refunded.
    const statuses = new Set(orders.map((o) => o.status));
    console.info(
      `buying property: seed ${SEED}, steps ${JSON.stringify(counts)}, orders ${orders.length}, statuses ${[...statuses].join(' ')}`,
    );
    expect(completed.length).toBeGreaterThan(0);
  });
});
