import type { SellerSale, SellerSalesPage, SellerStatistics } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRenderEnv } from '../../../lib/render-env.ts';
import {
  fail,
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { SellerSalesPage as Page } from './seller-sales-page.tsx';

function sale(patch: Partial<SellerSale>): SellerSale {
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
    feeCents: 0,
    netCents: 6_600,
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

const ALPHA = sale({});
const BETA = sale({
  orderId: 'O2',
  listingId: null,
  domain: 'beta.net',
  tld: 'net',
  mode: 'fixed',
  source: 'fixed',
  priceCents: 4_000,
  amountCents: 4_000,
  feeCents: null,
  netCents: null,
  status: 'paid_awaiting_delivery',
  deliveredAt: null,
  creditedAt: null,
  payout: null,
});

const salesPage = (items: SellerSale[]): SellerSalesPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  totals: { count: items.filter((s) => s.status === 'completed').length, grossCents: 6_000, netCents: 6_600 },
});

const months = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 11 + i, 1));
  return { month: d.toISOString().slice(0, 7), count: 0, grossCents: 0, netCents: 0 };
});
const STATS: SellerStatistics = {
  offers: { received: 0, accepted: 0 },
  views: { total: 0, topListings: [] },
  totals: { count: 2, grossCents: 10_000, netCents: 10_600 },
  byMonth: months.map((m) =>
    m.month === '2026-10'
      ? { ...m, count: 1, grossCents: 6_000, netCents: 6_600 }
      : m.month === '2026-11'
        ? { ...m, count: 1, grossCents: 4_000, netCents: 4_000 }
        : m,
  ),
  byTld: [
    { tld: 'com', count: 1, grossCents: 6_000, netCents: 6_600 },
    { tld: 'net', count: 1, grossCents: 4_000, netCents: 4_000 },
  ],
  byMode: [
    { mode: 'fixed', count: 0, grossCents: 0, netCents: 0 },
    { mode: 'auction', count: 2, grossCents: 10_000, netCents: 10_600 },
    { mode: 'offer', count: 0, grossCents: 0, netCents: 0 },
  ],
  inProgress: { count: 1, grossCents: 4_000 },
  open: { onSale: 3, inReview: 1, selling: 2 },
  serverTime: '2026-11-27T12:00:00.000Z',
};
const EMPTY_STATS: SellerStatistics = {
  ...STATS,
  totals: { count: 0, grossCents: 0, netCents: 0 },
  byMonth: months,
  byTld: [],
  byMode: STATS.byMode.map((b) => ({ ...b, count: 0, grossCents: 0, netCents: 0 })),
  inProgress: { count: 0, grossCents: 0 },
};

function renderAt(path = '/console/seller/sales', locale: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(<Page />, { path, route: '/console/seller/sales', locale });
}
const wide = () => setRenderEnv({ nowMs: Date.now(), timeZone: 'UTC', session: null, phone: false, clockOffsetMs: 0 });
const rowOf = (domain: string) =>
  screen.getAllByTestId('sale-row').find((row) => row.getAttribute('data-domain') === domain) as HTMLElement;

describe('<SellerSalesPage>', { timeout: 30_000 }, () => {
  beforeEach(() => {
    server.use(
      http.get('/api/seller/sales', () => ok(salesPage([BETA, ALPHA]))),
      http.get('/api/seller/statistics', () => ok(STATS)),
    );
  });
  afterEach(() => setRenderEnv(null));

  it('lists sold domains with the net and each step up to the payout (phone cards), filters in the address', async () => {
    const { user, router } = renderAt('/console/seller/sales?q=al&from=2026-10-01&to=2026-10-31');
    await screen.findByText('alpha.com');
    expect(requestsTo('GET', '/api/seller/sales').map(queryOf)[0]).toEqual({
      q: 'al',
      from: '2026-10-01',
      to: '2026-10-31',
      page: '1',
      pageSize: '20',
    });
    expect(screen.getByTestId('sales-totals').textContent).toBe(
      'Completed in this view: 1 · gross $60.00 · net $66.00',
    );
    const alpha = rowOf('alpha.com');
    expect(alpha.textContent).toContain('$66.00');
    expect(alpha.textContent).toContain('Buyer paid $66.00');
    expect(alpha.textContent).toContain('NB****21');
    expect(within(alpha).getByText('Completed')).toBeDefined();
    const steps = within(alpha).getByRole('list', { name: 'Progress of alpha.com' });
    const payout = within(steps)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('data-step') === 'payout') as HTMLElement;
    expect(payout.textContent).toContain('settlement S9');
    expect(payout.getAttribute('data-done')).toBe('true');

    const beta = rowOf('beta.net');
    expect(beta.textContent).toContain('Not credited yet');
    expect(beta.textContent).toContain('Paid, awaiting delivery');
    const betaSteps = within(within(beta).getByRole('list', { name: 'Progress of beta.net' })).getAllByRole('listitem');
    expect(betaSteps.map((li) => li.getAttribute('data-done'))).toEqual(['true', 'true', 'false', 'false', 'false']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(locationOf(router)).toBe('/console/seller/sales'));
  });

  it('shows a table on wide screens, in Chinese', async () => {
    wide();
    renderAt('/console/seller/sales', 'zh-CN');
    const table = await screen.findByRole('table', { name: '已售域名' });
    expect(within(table).getByRole('columnheader', { name: '计入收益' })).toBeDefined();
    expect(within(table).getByText('已付款，等待交付')).toBeDefined();
    expect(rowOf('beta.net').textContent).toContain('尚未计入收益');
    expect(rowOf('alpha.com').textContent).toContain('结算单 S9');
    expect(screen.getByRole('tab', { name: '已售域名', selected: true })).toBeDefined();
  });

  it('says when nothing is sold yet, with the way to list a domain; an error offers a retry', async () => {
    server.use(http.get('/api/seller/sales', () => ok(salesPage([]))));
    renderAt();
    const empty = await screen.findByTestId('sales-empty');
    expect(within(empty).getByText('No sales yet')).toBeDefined();
    expect(within(empty).getByRole('link', { name: 'List a domain' }).getAttribute('href')).toBe('/console/seller/new');
    expect(screen.getByRole('link', { name: 'My listings' }).getAttribute('href')).toBe('/console/seller');
  });

  it('shows the error with a retry when the list fails', async () => {
    server.use(http.get('/api/seller/sales', () => fail('Request.Unavailable')));
    const { user } = renderAt();
    const alert = await screen.findByRole('alert');
    server.use(http.get('/api/seller/sales', () => ok(salesPage([ALPHA]))));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('alpha.com');
  });

  it('statistics: totals, the months as bars with a table for screen readers, TLD and mode, open listings', async () => {
    wide();
    const { user } = renderAt('/console/seller/sales?tab=stats');
    await screen.findByTestId('stats-panel');
    expect(screen.getByRole('tab', { name: 'Statistics', selected: true })).toBeDefined();
    expect(screen.getByTestId('stats-count').textContent).toContain('2');
    expect(screen.getByTestId('stats-gross').textContent).toContain('$100.00');
    expect(screen.getByTestId('stats-net').textContent).toContain('$106.00');
    expect(screen.getByTestId('stats-in-progress').textContent).toContain('1 sale · $40.00');
    // The chart is drawn for the eye; the same figures are a table (hidden until asked for).
    const table = screen.getByRole('table', { name: 'Sales by month: count, gross and net' });
    const october = within(table)
      .getAllByRole('row')
      .find((row) => row.getAttribute('data-month') === '2026-10') as HTMLElement;
    expect(
      within(october)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '$60.00', '$66.00']);
    expect(screen.getByTestId('stats-columns').getAttribute('aria-hidden')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    expect(screen.queryByTestId('stats-columns')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show as a chart', pressed: true })).toBeDefined();

    const tlds = within(screen.getByRole('list', { name: 'By TLD' })).getAllByRole('listitem');
    expect(tlds.map((li) => li.textContent)).toEqual([
      '.com$60.00 · 1 sale · Net to earnings $66.00',
      '.net$40.00 · 1 sale · Net to earnings $40.00',
    ]);
    const modes = within(screen.getByRole('list', { name: 'By mode' })).getAllByRole('listitem');
    expect(modes.map((li) => li.getAttribute('data-bar'))).toEqual(['fixed', 'auction', 'offer']);
    expect(modes[1]?.textContent).toContain('Auction$100.00 · 2 sales');
    expect(screen.getByTestId('stats-open').textContent).toBe('On sale3In review1Selling2');
  });

  it('statistics in Chinese on a phone: bars with their text, and no sales yet', async () => {
    renderAt('/console/seller/sales?tab=stats', 'zh-CN');
    await screen.findByTestId('stats-panel');
    expect(screen.getByTestId('stats-gross').textContent).toContain('成交额（税前）');
    expect(screen.getByRole('table', { name: '每月销售：笔数、成交额和净收益' })).toBeDefined();
    expect(within(screen.getByRole('list', { name: '按出售方式' })).getAllByRole('listitem')[1]?.textContent).toContain(
      '2 笔',
    );
  });

  it('statistics: an empty account says no sales yet with the way to list; switching tabs keeps the address', async () => {
    server.use(http.get('/api/seller/statistics', () => ok(EMPTY_STATS)));
    const { user, router } = renderAt();
    await screen.findByText('alpha.com');
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    await waitFor(() => expect(locationOf(router)).toContain('tab=stats'));
    const empty = await screen.findByTestId('stats-empty');
    expect(within(empty).getByRole('link', { name: 'List a domain' })).toBeDefined();
  });
});
