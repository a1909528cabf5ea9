import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { setRenderEnv } from '../../../lib/render-env.ts';
import {
  fail,
  HttpResponse,
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { ALPHA, EMPTY_STATS, STATS, salesPage } from './seller-sales-page.fixtures.ts';
import { SellerSalesPage as Page } from './seller-sales-page.tsx';

function renderAt(path = '/console/seller/sales?tab=stats', locale: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(<Page />, { path, route: '/console/seller/sales', locale });
}
const wide = () => setRenderEnv({ nowMs: Date.now(), timeZone: 'UTC', session: null, phone: false, clockOffsetMs: 0 });
const cellsOf = (table: HTMLElement, key: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.getAttribute('data-row') === key) as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
};

describe('<SellerSalesPage> statistics', { timeout: 60_000 }, () => {
  // The chart library is big: load its module once before the tests (the page still imports it lazily).
  beforeAll(async () => {
    await import('../components/sales-charts.tsx');
  }, 60_000);
  beforeEach(() => {
    server.use(
      http.get('/api/seller/sales', () => ok(salesPage([ALPHA]))),
      http.get('/api/seller/statistics', ({ request }) => {
        const format = new URL(request.url).searchParams.get('format');
        if (!format) return ok(STATS);
        return new HttpResponse('month,count\n2026-10,2', {
          headers: { 'content-disposition': `attachment; filename="sales-statistics.${format}"` },
        });
      }),
    );
  });
  afterEach(() => setRenderEnv(null));

  it('shows the tiles, the charts by accessible name with their data tables, the top listings', async () => {
    wide();
    const { user } = renderAt();
    await screen.findByTestId('stats-panel');
    expect(screen.getByRole('tab', { name: 'Statistics', selected: true })).toBeDefined();
    const tile = (id: string) => screen.getByTestId(id).textContent;
    expect(tile('stats-gross')).toBe('Revenue (before tax)$160.00');
    expect(tile('stats-net')).toBe('Net to earnings$152.00');
    expect(tile('stats-count')).toBe('Completed sales3');
    expect(tile('stats-average')).toBe('Average price$53.33');
    expect(tile('stats-in-progress')).toContain('1 sale · $40.00');
    expect(tile('stats-offers')).toContain('Offers received8');
    expect(tile('stats-offers-accepted')).toBe('Offers accepted2Acceptance rate 25%');
    expect(tile('stats-views')).toContain('Listing views1,234');

    // Each chart is a figure named by its title, with the same figures as a table for screen readers.
    const months = screen.getByRole('figure', { name: 'Revenue by month' });
    const monthTable = within(months).getByRole('table', {
      name: 'Sales by month: count, revenue, average price and net',
    });
    expect(cellsOf(monthTable, '2026-10')).toEqual(['2', '$120.00', '$60.00', '$114.00']);
    expect(cellsOf(monthTable, '2026-09')).toEqual(['0', '$0.00', '—', '$0.00']);
    // The chart itself arrives with its own chunk, then draws its series (the legend names them).
    const chart = await within(months).findByTestId('stats-by-month-chart');
    await waitFor(() => expect(within(chart).getByText('Average price')).toBeDefined());

    const tlds = screen.getByRole('figure', { name: 'By TLD' });
    const tldTable = within(tlds).getByRole('table', { name: 'Sales by TLD: count, revenue, average price and net' });
    expect(cellsOf(tldTable, 'com')).toEqual(['2', '$120.00', '$60.00', '$114.00']);
    expect(
      within(tldTable)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['.com', '.net']);
    const modes = screen.getByRole('figure', { name: 'By mode' });
    const modeTable = within(modes).getByRole('table', {
      name: 'Sales by mode: count, revenue, average price and net',
    });
    expect(
      within(modeTable)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Fixed price', 'Auction', 'Make offer']);
    expect(cellsOf(modeTable, 'offer')).toEqual(['0', '$0.00', '—', '$0.00']);

    // The toggle shows the table in the chart's place (keyboard users get the figures on screen).
    const section = screen.getByRole('region', { name: 'Revenue by month' });
    await user.click(within(section).getByRole('button', { name: 'Show as a table' }));
    expect(within(section).queryByTestId('stats-by-month-chart')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Show as a chart', pressed: true })).toBeDefined();
    expect(within(months).getByRole('table')).toBeDefined();

    const top = screen.getByRole('list', { name: 'Most viewed listings' });
    const links = within(top).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['popular.com', '/console/seller/21'],
      ['second.net', '/console/seller/22'],
    ]);
    expect(top.textContent).toContain('900 views');
    expect(top.textContent).toContain('1 view');
    expect(screen.getByTestId('stats-open').textContent).toBe('On sale3In review1Selling2');
  });

  it('exports the statistics as CSV and XLSX; a failure says to try again later', async () => {
    const saveFile = vi.fn();
    const { user } = renderAt();
    await screen.findByTestId('stats-panel');
    configureApiClient({ saveFile });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(saveFile.mock.calls[0]?.[1]).toBe('sales-statistics.csv');
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
    const exports = requestsTo('GET', '/api/seller/statistics')
      .map(queryOf)
      .filter((q) => q.format);
    expect(exports).toEqual([{ format: 'csv' }, { format: 'xlsx' }]);

    server.use(http.get('/api/seller/statistics', () => fail('Request.Unavailable')));
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    expect((await screen.findByTestId('statistics-export-failed')).textContent).toContain(
      'Export failed, please try again later',
    );
  });

  it('in Chinese on a phone: the charts are named, the tables worded', async () => {
    renderAt('/console/seller/sales?tab=stats', 'zh-CN');
    await screen.findByTestId('stats-panel');
    expect(screen.getByTestId('stats-gross').textContent).toContain('成交额（税前）');
    expect(screen.getByTestId('stats-offers-accepted').textContent).toContain('接受率 25%');
    const months = screen.getByRole('figure', { name: '每月成交额' });
    expect(within(months).getByRole('table', { name: '每月销售：笔数、成交额、平均成交价和净收益' })).toBeDefined();
    expect(screen.getByRole('figure', { name: '按出售方式' })).toBeDefined();
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeDefined();
  });

  it('an empty account says no sales yet with the way to list; switching tabs keeps the address', async () => {
    server.use(http.get('/api/seller/statistics', () => ok(EMPTY_STATS)));
    const { user, router } = renderAt('/console/seller/sales');
    await screen.findByText('alpha.com');
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    await waitFor(() => expect(locationOf(router)).toContain('tab=stats'));
    const empty = await screen.findByTestId('stats-empty');
    expect(within(empty).getByRole('link', { name: 'List a domain' })).toBeDefined();
  });
});
