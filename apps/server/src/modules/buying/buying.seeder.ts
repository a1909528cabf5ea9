import { BUYING_RULES, feeLockedUntil, splitDomain } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import type { Seeder } from '../../platform/seeders.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { getBalances, transfer } from '../ledger/ledger.service.ts';
import { completeOrder, type OrderRates, type OrderRow, orderRates, payOrder } from '../orders/orders.service.ts';
import { openListingOrder } from './buying.core.ts';
import {
  hasBuyingHistory,
  insertSeedListings,
  marketListingsOf,
  type SeedListingRow,
} from './buying.seeder.repository.ts';
import { upsertCartItem } from './cart.repository.ts';
import { insertOffer, insertOfferEvent, updateOfferIf } from './offers.repository.ts';
import { sellerOrderSettled } from './sales.lifecycle.ts';
import { insertListingWatch } from './watch.repository.ts';

/**
 * 'demo-buying' (issue 17, "Demo data"), once per database, after 'demo-listings':
 * - the demo seller's (demo@namebourse.com) sales history: a year of completed fixed-price and
 *   offer sales to the four demo market sellers, month by month (more in recent months), each
 *   through the real path — openListingOrder, payOrder, the escrow split at completion — so sold
 *   domains, the payout timeline, earnings and the charts show real figures; and one sale of a
 *   domain held elsewhere paid two days ago, waiting for the demo seller's push;
 * - the demo buyer (the same account) bought from the market: one delivered, one paid and waiting
 *   for the seller's push, one awaiting payment; two listings in the cart and two watched;
 * - offers in every state on both sides: the demo buyer's (open, countered, accepted with its
 *   order awaiting payment, rejected, expired) and offers received on the demo seller's own
 *   offer listings (two open, countered, rejected, expired).
 * Deterministic (seeded random); the demo market sellers are funded by an operator adjustment.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

const FIRST = [
  'bright',
  'lumen',
  'cloud',
  'swift',
  'harbor',
  'maple',
  'nova',
  'pixel',
  'river',
  'summit',
  'tidal',
  'velvet',
];
const SECOND = ['path', 'nest', 'forge', 'loop', 'mint', 'yard', 'field', 'craft', 'wave', 'peak', 'spark', 'stone'];
const TLDS = ['com', 'com', 'com', 'net', 'io', 'ai', 'cn', 'co'];

/** Unique history domain names (never on the market: the rows are sold already). */
function historyNames(rand: Rand, count: number): string[] {
  const out = new Set<string>();
  while (out.size < count) out.add(`${pick(rand, FIRST)}${pick(rand, SECOND)}${out.size}.${pick(rand, TLDS)}`);
  return [...out];
}

function roundPrice(rand: Rand, lo: number, hi: number): number {
  const dollars = lo + rand() * (hi - lo);
  const step = dollars < 100 ? 5 : dollars < 1_000 ? 10 : 50;
  return Math.round(dollars / step) * step * 100;
}

function listingRow(
  userId: bigint,
  domain: string,
  mode: 'fixed' | 'offer',
  priceCents: number,
  at: Date,
  commissionBps: number,
): SeedListingRow {
  const { name, tld } = splitDomain(domain);
  const created = new Date(at.getTime() - 21 * DAY);
  return {
    userId,
    domain,
    name,
    tld,
    length: name.length,
    source: 'external',
    mode,
    status: 'on_sale',
    priceCents: mode === 'fixed' ? priceCents : null,
    floorCents: mode === 'offer' ? Math.max(BUYING_RULES.minOfferCents, Math.round(priceCents / 200) * 100) : null,
    endOption: 'long',
    submittedAt: created,
    listedAt: created,
    commissionBps,
    feeLockedUntil: feeLockedUntil(created),
    views: 30 + Math.floor(((priceCents / 100) % 97) * 3),
    createdAt: created,
    updatedAt: created,
  };
}

/** An offer and its history; the last step's status. Returns its id. */
async function seedOffer(
  tx: Tx,
  input: {
    listingId: bigint;
    buyerId: bigint;
    sellerId: bigint;
    domain: string;
    steps: { action: 'offered' | 'countered' | 'rejected' | 'withdrawn' | 'expired'; amountCents?: number; at: Date }[];
  },
): Promise<bigint> {
  const first = input.steps[0] as { amountCents?: number; at: Date };
  let status: string = 'open';
  let amount = first.amountCents ?? 0;
  let lastBy = 'buyer';
  let last = first.at;
  for (const step of input.steps) {
    if (step.action === 'offered') [status, lastBy] = ['open', 'buyer'];
    if (step.action === 'countered') [status, lastBy] = ['countered', 'seller'];
    if (step.action === 'rejected' || step.action === 'withdrawn') status = 'rejected';
    if (step.action === 'expired') status = 'expired';
    if (step.amountCents !== undefined) amount = step.amountCents;
    last = step.at;
  }
  const open = status === 'open' || status === 'countered';
  const row = await insertOffer(tx, {
    listingId: input.listingId,
    buyerId: input.buyerId,
    sellerId: input.sellerId,
    domain: input.domain,
    status,
    amountCents: amount,
    lastBy,
    expiresAt: new Date(last.getTime() + (open ? BUYING_RULES.offerExpiryDays * DAY : 0)),
    createdAt: first.at,
    updatedAt: last,
  });
  if (!row) throw new Error(`demo offer on ${input.domain} not inserted`);
  for (const step of input.steps) {
    const by =
      step.action === 'countered'
        ? 'seller'
        : step.action === 'expired'
          ? 'system'
          : step.action === 'rejected'
            ? 'seller'
            : 'buyer';
    await insertOfferEvent(tx, {
      offerId: row.id,
      action: step.action,
      by,
      amountCents: step.amountCents ?? null,
      createdAt: step.at,
    });
  }
  return row.id;
}

/** Pays the order at `at` when the buyer's balance covers it; returns the paid row (or the unpaid one). */
async function payIfFunded(tx: Tx, order: OrderRow, at: Date): Promise<OrderRow> {
  const { availableCents } = await getBalances(tx, order.buyerId);
  if (availableCents < order.amountCents) return order;
  return payOrder(tx, { order, actor: 'system', billing: null, now: at });
}

/**
 * Pays a demo purchase of the demo buyer without spending the balance the other demo areas count on
 * (the funds page's story, the open orders it can still pay): the price is credited first (an
 * operator adjustment, as the demo market sellers' funds), then paid through the real path.
 */
async function creditAndPay(tx: Tx, order: OrderRow, at: Date): Promise<OrderRow> {
  await transfer(tx, at, {
    kind: 'adjustment',
    idempotencyKey: `seed:buying:credit:${order.id}`,
    ref: { type: 'seed', id: order.id },
    memo: 'demo purchase credit',
    postings: [
      { account: { platform: 'adjustments' }, amountCents: -order.amountCents },
      { account: { userId: order.buyerId, bucket: 'available' }, amountCents: order.amountCents },
    ],
  });
  return payOrder(tx, { order, actor: 'system', billing: null, now: at });
}

/** Completes a paid sale at `at` (the seller side first: one lock order, listing → escrow). */
async function complete(tx: Tx, order: OrderRow, at: Date): Promise<void> {
  await sellerOrderSettled(tx, order, { completed: true }, at);
  await completeOrder(tx, { order, actor: 'system', now: at });
}

async function seedSalesHistory(
  tx: Tx,
  sellerId: bigint,
  buyers: bigint[],
  now: Date,
  rand: Rand,
  rates: OrderRates,
): Promise<void> {
  const sales: { at: Date; mode: 'fixed' | 'offer'; price: number; buyer: bigint }[] = [];
  for (let monthsAgo = 11; monthsAgo >= 0; monthsAgo--) {
    const count = 1 + Math.floor(rand() * 2) + (monthsAgo < 4 ? 1 : 0);
    for (let k = 0; k < count; k++) {
      const daysAgo = monthsAgo * 30 + 3 + Math.floor(rand() * 25);
      sales.push({
        at: new Date(now.getTime() - daysAgo * DAY - Math.floor(rand() * 10) * HOUR),
        mode: rand() < 0.65 ? 'fixed' : 'offer',
        price: roundPrice(rand, 60, 2_400),
        buyer: pick(rand, buyers),
      });
    }
  }
  // One more, paid two days ago: a domain held elsewhere that waits for the demo seller's push.
  sales.push({ at: new Date(now.getTime() - 2 * DAY), mode: 'fixed', price: 88_000, buyer: buyers[0] as bigint });
  const names = historyNames(rand, sales.length);
  const ids = await insertSeedListings(
    tx,
    sales.map((s, i) => listingRow(sellerId, names[i] as string, s.mode, s.price, s.at, rates.commissionBps)),
  );
  for (const [i, sale] of sales.entries()) {
    const listingId = ids[i] as bigint;
    const domain = names[i] as string;
    let offerId: bigint | null = null;
    let price = sale.price;
    if (sale.mode === 'offer') {
      const first = Math.round((sale.price * 0.7) / 100) * 100;
      offerId = await seedOffer(tx, {
        listingId,
        buyerId: sale.buyer,
        sellerId,
        domain,
        steps: [
          { action: 'offered', amountCents: first, at: new Date(sale.at.getTime() - 2 * DAY) },
          { action: 'countered', amountCents: sale.price, at: new Date(sale.at.getTime() - DAY) },
        ],
      });
      price = sale.price;
    }
    const { order } = await openListingOrder(tx, {
      rates,
      listingId,
      buyerId: sale.buyer,
      actor: 'system',
      source: offerId === null ? 'fixed' : 'offer',
      sourceRef: offerId === null ? null : offerId.toString(),
      ...(offerId === null ? {} : { priceCents: price }),
      now: sale.at,
    });
    if (offerId !== null) {
      await updateOfferIf(tx, offerId, 'countered', {
        status: 'accepted',
        lastBy: 'seller',
        orderId: order.id,
        updatedAt: sale.at,
      });
      await insertOfferEvent(tx, { offerId, action: 'accepted', by: 'buyer', amountCents: price, createdAt: sale.at });
    }
    const paid = await payIfFunded(tx, order, new Date(sale.at.getTime() + 2 * HOUR));
    if (paid.status !== 'paid_awaiting_delivery') continue;
    if (i < sales.length - 1) await complete(tx, paid, new Date(sale.at.getTime() + DAY + 3 * HOUR));
  }
}

async function seedDemoPurchases(
  tx: Tx,
  demoId: bigint,
  sellers: bigint[],
  now: Date,
  rates: OrderRates,
): Promise<void> {
  const cheap = await marketListingsOf(tx, sellers, 'fixed', 7, 6_000);
  const [delivered, pushed, unpaid, cartA, cartB, watchA, watchB] = cheap;
  if (delivered) {
    const at = new Date(now.getTime() - 10 * DAY);
    const { order } = await openListingOrder(tx, {
      rates,
      listingId: delivered.id,
      buyerId: demoId,
      actor: 'system',
      source: 'fixed',
      now: at,
    });
    const paid = await creditAndPay(tx, order, new Date(at.getTime() + HOUR));
    if (paid.status === 'paid_awaiting_delivery') {
      const doneAt = new Date(at.getTime() + 2 * DAY);
      await complete(tx, paid, doneAt);
      await deliverDomain(tx, {
        userId: demoId,
        domain: paid.domain,
        registrar: 'NameBourse',
        registeredAt: new Date(now.getTime() - 800 * DAY),
        expiresAt: new Date(now.getTime() + 300 * DAY),
        orderId: paid.id,
        now: doneAt,
      });
    }
  }
  if (pushed) {
    const at = new Date(now.getTime() - DAY);
    const { order } = await openListingOrder(tx, {
      rates,
      listingId: pushed.id,
      buyerId: demoId,
      actor: 'system',
      source: 'fixed',
      now: at,
    });
    await creditAndPay(tx, order, new Date(at.getTime() + HOUR));
  }
  if (unpaid) {
    await openListingOrder(tx, {
      rates,
      listingId: unpaid.id,
      buyerId: demoId,
      actor: 'system',
      source: 'fixed',
      now: new Date(now.getTime() - 2 * HOUR),
    });
  }
  for (const line of [cartA, cartB]) {
    if (line?.priceCents)
      await upsertCartItem(tx, { userId: demoId, listingId: line.id, priceCents: line.priceCents, now });
  }
  for (const w of [watchA, watchB]) if (w) await insertListingWatch(tx, demoId, w.id, now);
}

async function seedOffers(tx: Tx, demoId: bigint, sellers: bigint[], now: Date, rates: OrderRates): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const amountFor = (l: { floorCents: number | null }, extra: number) =>
    Math.max(BUYING_RULES.minOfferCents, l.floorCents ?? 0) + extra;
  // The demo buyer's offers on the market.
  const market = await marketListingsOf(tx, sellers, 'offer', 5);
  const [open, countered, accepted, rejected, expired] = market;
  if (open) {
    await seedOffer(tx, {
      listingId: open.id,
      buyerId: demoId,
      sellerId: open.userId,
      domain: open.domain,
      steps: [{ action: 'offered', amountCents: amountFor(open, 500), at: ago(1) }],
    });
  }
  if (countered) {
    const a = amountFor(countered, 0);
    await seedOffer(tx, {
      listingId: countered.id,
      buyerId: demoId,
      sellerId: countered.userId,
      domain: countered.domain,
      steps: [
        { action: 'offered', amountCents: a, at: ago(3) },
        { action: 'countered', amountCents: a + 2_000, at: ago(1) },
      ],
    });
  }
  if (rejected) {
    await seedOffer(tx, {
      listingId: rejected.id,
      buyerId: demoId,
      sellerId: rejected.userId,
      domain: rejected.domain,
      steps: [
        { action: 'offered', amountCents: amountFor(rejected, 0), at: ago(6) },
        { action: 'rejected', at: ago(5) },
      ],
    });
  }
  if (expired) {
    await seedOffer(tx, {
      listingId: expired.id,
      buyerId: demoId,
      sellerId: expired.userId,
      domain: expired.domain,
      steps: [
        { action: 'offered', amountCents: amountFor(expired, 300), at: ago(9) },
        { action: 'expired', at: ago(2) },
      ],
    });
  }
  if (accepted) {
    const a = amountFor(accepted, 1_000);
    const offerId = await seedOffer(tx, {
      listingId: accepted.id,
      buyerId: demoId,
      sellerId: accepted.userId,
      domain: accepted.domain,
      steps: [{ action: 'offered', amountCents: a, at: ago(2) }],
    });
    const at = new Date(now.getTime() - 3 * HOUR);
    const { order } = await openListingOrder(tx, {
      rates,
      listingId: accepted.id,
      buyerId: demoId,
      actor: 'system',
      source: 'offer',
      sourceRef: offerId.toString(),
      priceCents: a,
      now: at,
    });
    await updateOfferIf(tx, offerId, 'open', { status: 'accepted', lastBy: 'buyer', orderId: order.id, updatedAt: at });
    await insertOfferEvent(tx, { offerId, action: 'accepted', by: 'seller', amountCents: a, createdAt: at });
  }
  // Offers received on the demo seller's own offer listings.
  const own = await marketListingsOf(tx, [demoId], 'offer', 5);
  for (const [i, l] of own.entries()) {
    const a = amountFor(l, 200 * (i + 1));
    const buyer = sellers[i % sellers.length] as bigint;
    const history =
      i <= 1
        ? [{ action: 'offered' as const, amountCents: a, at: ago(1 + i) }]
        : i === 2
          ? [
              { action: 'offered' as const, amountCents: a, at: ago(4) },
              { action: 'countered' as const, amountCents: a + 1_500, at: ago(2) },
            ]
          : i === 3
            ? [
                { action: 'offered' as const, amountCents: a, at: ago(8) },
                { action: 'rejected' as const, at: ago(7) },
              ]
            : [
                { action: 'offered' as const, amountCents: a, at: ago(12) },
                { action: 'expired' as const, at: ago(5) },
              ];
    await seedOffer(tx, { listingId: l.id, buyerId: buyer, sellerId: demoId, domain: l.domain, steps: history });
  }
}

export const buyingDemoSeeder: Seeder = {
  name: 'demo-buying',
  async run({ app, db, clock, log }) {
    const demo = await getUserByEmail(app, DEMO_BUYER.email);
    if (!demo || (await hasBuyingHistory(db, demo.id))) return undefined;
    const sellers: bigint[] = [];
    for (let i = 1; i <= 4; i++) {
      const user = await getUserByEmail(app, `seller${String(i).padStart(2, '0')}@demo.namebourse.com`);
      if (user) sellers.push(user.id);
    }
    if (sellers.length === 0) return undefined;
    const now = clock.now();
    const rand = seededRandom(1717);
    await db.transaction(async (tx) => {
      for (const id of sellers) {
        await transfer(tx, new Date(now.getTime() - 400 * DAY), {
          kind: 'adjustment',
          idempotencyKey: `seed:buying:fund:${id}`,
          ref: { type: 'seed', id: id.toString() },
          memo: 'demo buyer funds',
          postings: [
            { account: { platform: 'adjustments' }, amountCents: -10_000_000 },
            { account: { userId: id, bucket: 'available' }, amountCents: 10_000_000 },
          ],
        });
      }
      // The rates in force (on a new database, the parameters' defaults).
      const rates = orderRates(app);
      await seedSalesHistory(tx, demo.id, sellers, now, rand, rates);
      await seedDemoPurchases(tx, demo.id, sellers, now, rates);
      await seedOffers(tx, demo.id, sellers, now, rates);
    });
    log.info('demo sales history, purchases and offers seeded');
    return undefined;
  },
};

/** Registers the demo seeder (after the listings area's: it sells their demo listings). */
export function registerBuyingSeeders(app: Pick<App, 'platform'>): void {
  app.platform.seeders.register(buyingDemoSeeder);
}
