import type { SellerSale, SellerSalesPage, SellerStatistics } from '@namebourse/contract';

/** Test data of the seller's sales page (sales and statistics). */
export function sale(patch: Partial<SellerSale>): SellerSale {
  return {
    orderId: 'O1',
    listingId: '11',
    domain: 'alpha.com',
    tld: 'com',
    mode: 'auction',
    source: 'auction',
    buyer: 'NB****21',
    priceCents: 6_000,
    amountCents: 6_600,
    taxCents: 600,
    commissionBps: 500,
    commissionCents: 300,
    expectedNetCents: 5_700,
    delivery: 'handover',
    deliverBy: null,
    canDeliver: false,
    deliveryError: null,
    feeCents: 900,
    netCents: 5_700,
    status: 'completed',
    soldAt: '2026-10-03T04:00:00.000Z',
    paidAt: '2026-10-03T05:00:00.000Z',
    deliveredAt: '2026-10-04T05:00:00.000Z',
    creditedAt: '2026-10-04T05:00:00.000Z',
    payout: {
      settlementId: 'S9',
      status: 'paid',
      appliedAt: '2026-10-10T05:00:00.000Z',
      paidAt: '2026-10-12T05:00:00.000Z',
    },
    ...patch,
  };
}

export const ALPHA = sale({});
export const BETA = sale({
  orderId: 'O2',
  listingId: null,
  domain: 'beta.net',
  tld: 'net',
  mode: 'fixed',
  source: 'fixed',
  priceCents: 4_000,
  amountCents: 4_400,
  taxCents: 400,
  commissionBps: 250,
  commissionCents: 100,
  expectedNetCents: 3_900,
  feeCents: null,
  netCents: null,
  status: 'paid_awaiting_delivery',
  deliveredAt: null,
  creditedAt: null,
  payout: null,
});
/** A domain held elsewhere, paid, waiting for the seller's transfer code after a failed attempt. */
export const GAMMA = sale({
  orderId: 'O3',
  listingId: '13',
  domain: 'gamma.io',
  tld: 'io',
  mode: 'offer',
  source: 'offer',
  feeCents: null,
  netCents: null,
  status: 'delivery_failed',
  delivery: 'seller_push',
  deliverBy: '2026-11-30T04:00:00.000Z',
  canDeliver: true,
  deliveryError: 'The transfer code is wrong',
  deliveredAt: null,
  creditedAt: null,
  payout: null,
});

export const salesPage = (items: SellerSale[]): SellerSalesPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  totals: { count: items.filter((s) => s.status === 'completed').length, grossCents: 6_000, netCents: 5_700 },
});

const months = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 11 + i, 1));
  return { month: d.toISOString().slice(0, 7), count: 0, grossCents: 0, netCents: 0 };
});
export const STATS: SellerStatistics = {
  offers: { received: 8, accepted: 2 },
  views: {
    total: 1_234,
    topListings: [
      { listingId: '21', domain: 'popular.com', views: 900 },
      { listingId: '22', domain: 'second.net', views: 1 },
    ],
  },
  totals: { count: 3, grossCents: 16_000, netCents: 15_200 },
  byMonth: months.map((m) =>
    m.month === '2026-10'
      ? { ...m, count: 2, grossCents: 12_000, netCents: 11_400 }
      : m.month === '2026-11'
        ? { ...m, count: 1, grossCents: 4_000, netCents: 3_800 }
        : m,
  ),
  byTld: [
    { tld: 'com', count: 2, grossCents: 12_000, netCents: 11_400 },
    { tld: 'net', count: 1, grossCents: 4_000, netCents: 3_800 },
  ],
  byMode: [
    { mode: 'fixed', count: 1, grossCents: 4_000, netCents: 3_800 },
    { mode: 'auction', count: 2, grossCents: 12_000, netCents: 11_400 },
    { mode: 'offer', count: 0, grossCents: 0, netCents: 0 },
  ],
  inProgress: { count: 1, grossCents: 4_000 },
  open: { onSale: 3, inReview: 1, selling: 2 },
  serverTime: '2026-11-27T12:00:00.000Z',
};
export const EMPTY_STATS: SellerStatistics = {
  ...STATS,
  offers: { received: 0, accepted: 0 },
  views: { total: 0, topListings: [] },
  totals: { count: 0, grossCents: 0, netCents: 0 },
  byMonth: months,
  byTld: [],
  byMode: STATS.byMode.map((b) => ({ ...b, count: 0, grossCents: 0, netCents: 0 })),
  inProgress: { count: 0, grossCents: 0 },
};
