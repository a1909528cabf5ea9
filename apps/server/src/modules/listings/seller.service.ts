import {
  BUYING_RULES,
  LISTING_MODES,
  type ListingMode,
  type OrderDelivery,
  type OrderSource,
  type OrderStatus,
  SELLER_STATS_MONTHS,
  SELLER_STATS_OFFSET_MINUTES,
  type SellerSale,
  type SellerSalesPage,
  type SellerSalesQuery,
  type SellerStatistics,
  sellerProceeds,
  splitDomain,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { windowOf } from '../../platform/paging.ts';
import { getSaleCredits, type SaleCredit } from '../ledger/ledger.earnings.ts';
import {
  getCompletedSellerOrders,
  getSellerOrders,
  getSellerOrdersInProgress,
  type SellerOrderRow,
} from '../orders/orders.seller.ts';
import { maskAccountNo } from './market.presenter.ts';
import {
  countOffersReceived,
  countOpenListings,
  findListingsOfOrders,
  type SoldListingRow,
  sumListingViews,
  topViewedListings,
} from './seller.repository.ts';

/**
 * The seller centre's sales and statistics (API.md: GET /seller/sales, GET /seller/statistics):
 * the caller's own orders with seller_id (any source), what reached their earnings read from the
 * ledger, and the settlement that paid each out. Days and months in UTC+8.
 */

export type SellerApp = Pick<App, 'platform' | 'log'>;

const DAY_MS = 86_400_000;
const OFFSET_MS = SELLER_STATS_OFFSET_MINUTES * 60_000;

/** The start (UTC) of a YYYY-MM-DD day in UTC+8. */
function startOfDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - OFFSET_MS);
}

/** The start (UTC) of a YYYY-MM month in UTC+8. */
function startOfMonth(month: string): Date {
  return startOfDay(`${month}-01`);
}

/** How many of the most viewed listings the statistics name. */
const TOP_VIEWED = 5;

/** 'YYYY-MM' of an instant in UTC+8. */
export function monthOf(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 7);
}

/** The last `n` months in UTC+8 up to the one holding `now`, oldest first. */
export function lastMonths(now: Date, n: number): string[] {
  const local = new Date(now.getTime() + OFFSET_MS);
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

/** The mode of a sale: its listing's, else what its source says. */
function modeOf(listing: SoldListingRow | undefined, source: string): ListingMode {
  if (listing && (LISTING_MODES as readonly string[]).includes(listing.mode)) return listing.mode as ListingMode;
  return source === 'offer' ? 'offer' : source === 'auction' ? 'auction' : 'fixed';
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Paid and not yet delivered: the statuses in which the seller may push a domain held elsewhere. */
const DELIVERABLE: readonly string[] = ['paid_awaiting_delivery', 'delivery_failed'];

function presentSale(
  row: SellerOrderRow,
  listing: SoldListingRow | undefined,
  credit: SaleCredit | undefined,
  now: Date,
): SellerSale {
  const { order } = row;
  const net = credit?.netCents ?? null;
  const commissionBps = order.commissionBps ?? BUYING_RULES.commissionBps;
  const proceeds = sellerProceeds(order.amountExTaxCents, commissionBps);
  const pushed = order.delivery === 'seller_push';
  return {
    orderId: order.id,
    listingId: listing ? listing.listingId.toString() : null,
    domain: order.domain,
    tld: listing?.tld ?? splitDomain(order.domain).tld,
    mode: modeOf(listing, order.source),
    source: order.source as OrderSource,
    buyer: maskAccountNo(row.buyerAccountNo),
    priceCents: order.amountExTaxCents,
    amountCents: order.amountCents,
    taxCents: order.taxCents,
    commissionBps,
    commissionCents: proceeds.commissionCents,
    expectedNetCents: proceeds.netCents,
    feeCents: net === null ? null : Math.max(0, order.amountCents - net),
    netCents: net,
    status: order.status as OrderStatus,
    soldAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    deliveredAt: iso(order.completedAt),
    creditedAt: iso(credit?.creditedAt),
    payout: credit?.payout
      ? {
          settlementId: credit.payout.settlementId,
          status: credit.payout.status,
          appliedAt: credit.payout.appliedAt.toISOString(),
          paidAt: iso(credit.payout.paidAt),
        }
      : null,
    delivery: (order.delivery ?? 'handover') as OrderDelivery,
    deliverBy: pushed && order.paidAt ? iso(order.deliverAt) : null,
    canDeliver:
      pushed &&
      DELIVERABLE.includes(order.status) &&
      order.deliverAt !== null &&
      order.deliverAt.getTime() > now.getTime(),
    deliveryError: order.deliveryError,
  };
}

/** GET /seller/sales: the caller's sales, newest first, with totals of the whole filter. */
export async function listMySales(app: SellerApp, sellerId: bigint, query: SellerSalesQuery): Promise<SellerSalesPage> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const filter = {
    sellerId,
    q: query.q || undefined,
    from: query.from ? startOfDay(query.from) : undefined,
    to: query.to ? new Date(startOfDay(query.to).getTime() + DAY_MS) : undefined,
  };
  const found = await getSellerOrders(db, filter, windowOf(query));
  const credits = await getSaleCredits(db, sellerId);
  const listings = await findListingsOfOrders(
    db,
    sellerId,
    found.items.map((r) => r.order.id),
  );
  let grossCents = 0;
  let netCents = 0;
  for (const c of found.completed) {
    grossCents += c.amountExTaxCents;
    netCents += credits.get(c.id)?.netCents ?? 0;
  }
  return {
    items: found.items.map((r) => presentSale(r, listings.get(r.order.id), credits.get(r.order.id), now)),
    total: found.total,
    page: query.page,
    pageSize: query.pageSize,
    totals: { count: found.completed.length, grossCents, netCents },
  };
}

interface Bucket {
  count: number;
  grossCents: number;
  netCents: number;
}
const emptyBucket = (): Bucket => ({ count: 0, grossCents: 0, netCents: 0 });
function add(bucket: Bucket, gross: number, net: number) {
  bucket.count += 1;
  bucket.grossCents += gross;
  bucket.netCents += net;
}

/**
 * GET /seller/statistics: completed sales (credited to the earnings) in all, by month (the last 12
 * in UTC+8, by the time of the credit), by TLD and by mode; sales under way; open listings now.
 */
export async function getMyStatistics(app: SellerApp, sellerId: bigint): Promise<SellerStatistics> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const sold = await getCompletedSellerOrders(db, sellerId);
  const credits = await getSaleCredits(db, sellerId);
  const listings = await findListingsOfOrders(
    db,
    sellerId,
    sold.map((o) => o.id),
  );
  const months = lastMonths(now, SELLER_STATS_MONTHS);
  const byMonth = new Map(months.map((m) => [m, emptyBucket()]));
  const byTld = new Map<string, Bucket>();
  const byMode = new Map<ListingMode, Bucket>(LISTING_MODES.map((m) => [m, emptyBucket()]));
  const totals = emptyBucket();
  for (const order of sold) {
    const credit = credits.get(order.id);
    const net = credit?.netCents ?? 0;
    const gross = order.amountExTaxCents;
    const listing = listings.get(order.id);
    add(totals, gross, net);
    const at = credit?.creditedAt ?? order.completedAt;
    const month = at ? byMonth.get(monthOf(at)) : undefined;
    if (month) add(month, gross, net);
    const tld = listing?.tld ?? splitDomain(order.domain).tld;
    let tldBucket = byTld.get(tld);
    if (!tldBucket) {
      tldBucket = emptyBucket();
      byTld.set(tld, tldBucket);
    }
    add(tldBucket, gross, net);
    add(byMode.get(modeOf(listing, order.source)) as Bucket, gross, net);
  }
  return {
    totals,
    byMonth: months.map((month) => ({ month, ...(byMonth.get(month) as Bucket) })),
    byTld: [...byTld.entries()]
      .map(([tld, b]) => ({ tld, ...b }))
      .sort((a, b) => b.grossCents - a.grossCents || a.tld.localeCompare(b.tld)),
    byMode: LISTING_MODES.map((mode) => ({ mode, ...(byMode.get(mode) as Bucket) })),
    inProgress: await getSellerOrdersInProgress(db, sellerId),
    offers: await countOffersReceived(db, sellerId, startOfMonth(months[0] as string)),
    views: {
      total: await sumListingViews(db, sellerId),
      topListings: (await topViewedListings(db, sellerId, TOP_VIEWED)).map((l) => ({
        listingId: l.listingId.toString(),
        domain: l.domain,
        views: l.views,
      })),
    },
    open: await countOpenListings(db, sellerId),
    serverTime: now.toISOString(),
  };
}
