import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { ALPHA, BETA, GAMMA, STATS, sale, salesPage } from './seller-sales-page.fixtures.ts';
import { SellerSalesPage as Page } from './seller-sales-page.tsx';

function renderAt(path = '/console/seller/sales', locale: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(<Page />, { path, route: '/console/seller/sales', locale });
}
const wide = () => setRenderEnv({ nowMs: Date.now(), timeZone: 'UTC', session: null, phone: false, clockOffsetMs: 0 });
const rowOf = (domain: string) =>
  screen.getAllByTestId('sale-row').find((row) => row.getAttribute('data-domain') === domain) as HTMLElement;
const stepOf = (row: HTMLElement, domain: string, key: string) =>
  within(within(row).getByRole('list', { name: `Progress of ${domain}` }))
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('data-step') === key) as HTMLElement;

describe('<SellerSalesPage> sold domains', { timeout: 60_000 }, () => {
  beforeEach(() => {
    server.use(
      http.get('/api/seller/sales', () => ok(salesPage([BETA, ALPHA]))),
      http.get('/api/seller/statistics', () => ok(STATS)),
    );
  });
  afterEach(() => setRenderEnv(null));

  it('lists each sale with price, tax, commission and its rate, the net and the payout timeline (phone cards)', async () => {
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
      'Completed in this view: 1 · gross $60.00 · net $57.00',
    );
    const alpha = rowOf('alpha.com');
    for (const text of ['$60.00', "Tax $6.00 (the buyer's)", 'Buyer paid $66.00', '$3.00', 'Rate 5%', 'NB****21']) {
      expect(alpha.textContent).toContain(text);
    }
    expect(within(alpha).getByText('$57.00').getAttribute('data-net')).toBe('credited');
    expect(within(alpha).getByText('Credited to earnings')).toBeDefined();
    expect(within(alpha).getByText('Completed')).toBeDefined();
    const payout = stepOf(alpha, 'alpha.com', 'payout');
    expect(payout.textContent).toContain('Settled');
    expect(payout.textContent).toContain('settlement S9');
    expect(payout.getAttribute('data-done')).toBe('true');
    expect(stepOf(alpha, 'alpha.com', 'escrowed').textContent).toContain('In escrow');

    // Before the credit: what the sale will net (price − commission at the locked rate).
    const beta = rowOf('beta.net');
    expect(within(beta).getByText('$39.00').getAttribute('data-net')).toBe('expected');
    expect(beta.textContent).toContain('Expected (price − commission)');
    expect(beta.textContent).toContain('Rate 2.5%');
    expect(beta.textContent).toContain('Paid, awaiting delivery');
    const betaSteps = within(within(beta).getByRole('list', { name: 'Progress of beta.net' })).getAllByRole('listitem');
    expect(betaSteps.map((li) => li.getAttribute('data-step'))).toEqual([
      'sold',
      'escrowed',
      'delivered',
      'credited',
      'payout',
    ]);
    expect(betaSteps.map((li) => li.getAttribute('data-done'))).toEqual(['true', 'true', 'false', 'false', 'false']);
    expect(within(beta).queryByRole('button', { name: /Deliver/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(locationOf(router)).toBe('/console/seller/sales'));
  });

  it('shows a table on wide screens, in Chinese, with the commission column', async () => {
    wide();
    renderAt('/console/seller/sales', 'zh-CN');
    const table = await screen.findByRole('table', { name: '已售域名' });
    expect(within(table).getByRole('columnheader', { name: '佣金' })).toBeDefined();
    expect(within(table).getByRole('columnheader', { name: '净收益' })).toBeDefined();
    expect(within(table).getByText('已付款，等待交付')).toBeDefined();
    expect(rowOf('beta.net').textContent).toContain('预计（成交价 − 佣金）');
    expect(rowOf('alpha.com').textContent).toContain('结算单 S9');
    expect(rowOf('alpha.com').textContent).toContain('托管中');
    expect(screen.getByRole('tab', { name: '已售域名', selected: true })).toBeDefined();
  });

  it('says when nothing is sold yet, with the way to list a domain', async () => {
    server.use(http.get('/api/seller/sales', () => ok(salesPage([]))));
    renderAt();
    const empty = await screen.findByTestId('sales-empty');
    expect(within(empty).getByText('No sales yet')).toBeDefined();
    expect(within(empty).getByRole('link', { name: 'List a domain' }).getAttribute('href')).toBe('/console/seller/new');
    expect(screen.getByRole('link', { name: 'My listings' }).getAttribute('href')).toBe('/console/seller');
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the error with a retry when the list fails', async () => {
    server.use(http.get('/api/seller/sales', () => fail('Request.Unavailable')));
    const { user } = renderAt();
    const alert = await screen.findByRole('alert');
    server.use(http.get('/api/seller/sales', () => ok(salesPage([ALPHA]))));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('alpha.com');
  });

  it('exports the filtered sales as CSV and XLSX downloads; a failure says to try again later', async () => {
    const saveFile = vi.fn();
    let exportFails = false;
    server.use(
      http.get('/api/seller/sales', ({ request }) => {
        const format = new URL(request.url).searchParams.get('format');
        if (!format) return ok(salesPage([BETA, ALPHA]));
        if (exportFails) return fail('Request.Unavailable');
        return new HttpResponse('domain,price\nalpha.com,60.00', {
          headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="sales.${format}"` },
        });
      }),
    );
    const { user } = renderAt('/console/seller/sales?q=al&from=2026-10-01&page=1');
    await screen.findByText('alpha.com');
    configureApiClient({ saveFile });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(saveFile.mock.calls[0]?.[1]).toBe('sales.csv');
    const exports = () => requestsTo('GET', '/api/seller/sales').filter((r) => queryOf(r).format);
    expect(queryOf(exports()[0] as Request)).toEqual({ q: 'al', from: '2026-10-01', format: 'csv' });

    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
    expect(queryOf(exports()[1] as Request)).toEqual({ q: 'al', from: '2026-10-01', format: 'xlsx' });

    exportFails = true;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByTestId('sales-export-failed')).textContent).toContain(
      'Export failed, please try again later',
    );
    expect(saveFile).toHaveBeenCalledTimes(2);
  });
});

describe('<SellerSalesPage> the seller’s push', { timeout: 60_000 }, () => {
  afterEach(() => setRenderEnv(null));

  it('delivers a domain held elsewhere: the deadline, the last failure, the code posted, refusals in place', async () => {
    wide();
    let answer: () => Response = () => fail('Delivery.NotAllowed', { data: { reason: 'deadline_passed' } });
    server.use(
      http.get('/api/seller/sales', () => ok(salesPage([GAMMA, ALPHA]))),
      http.post('/api/seller/sales/:orderId/deliver', () => answer()),
    );
    const { user } = renderAt();
    await screen.findByText('gamma.io');
    const gamma = rowOf('gamma.io');
    expect(gamma.textContent).toContain('Deliver by');
    expect(gamma.textContent).toContain('The last attempt failed: The transfer code is wrong');
    expect(stepOf(gamma, 'gamma.io', 'delivered').textContent).toContain('Deliver by');
    expect(within(rowOf('alpha.com')).queryByRole('button', { name: /Deliver/ })).toBeNull();

    await user.click(within(gamma).getByRole('button', { name: 'Deliver gamma.io' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliver gamma.io' });
    expect(within(dialog).getByTestId('deliver-deadline').textContent).toMatch(/^Deliver by .+; after that the buyer/);
    expect(within(dialog).getByTestId('deliver-last-error').textContent).toContain('The transfer code is wrong');
    const code = within(dialog).getByRole('textbox', { name: 'Transfer (auth) code' });
    const submit = within(dialog).getByRole('button', { name: 'Start the transfer' });

    await user.click(submit);
    expect(within(dialog).getByText('Enter the transfer code')).toBeDefined();
    await user.type(code, 'abc');
    await user.click(submit);
    expect(within(dialog).getByText('At least 4 characters')).toBeDefined();
    expect(requestsTo('POST', '/api/seller/sales/O3/deliver')).toHaveLength(0);

    await user.type(code, 'D-1234');
    await user.click(submit);
    expect((await within(dialog).findByTestId('deliver-error')).textContent).toContain(
      'Delivery Failed: this order is not waiting for your delivery',
    );
    expect(await requestsTo('POST', '/api/seller/sales/O3/deliver')[0]?.json()).toEqual({ authCode: 'abcD-1234' });

    answer = () => fail('Request.Invalid', { data: { fields: { authCode: 'This code has the wrong format' } } });
    await user.click(submit);
    expect(await within(dialog).findByText('This code has the wrong format')).toBeDefined();

    answer = () => ok({ orderId: 'O3', status: 'transferring' });
    server.use(
      http.get('/api/seller/sales', () => ok(salesPage([{ ...GAMMA, status: 'transferring', canDeliver: false }]))),
    );
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', '/api/seller/sales/O3/deliver')).toHaveLength(3);
    // The list reloads: the transfer is under way, and the code can no longer be given.
    await waitFor(() => expect(screen.getByTestId('sale-transferring').textContent).toBe('Transfer in progress'));
    expect(stepOf(rowOf('gamma.io'), 'gamma.io', 'delivered').textContent).toContain('Transfer in progress');
    expect(within(rowOf('gamma.io')).queryByRole('button', { name: 'Deliver gamma.io' })).toBeNull();
  });

  it('shows the Chinese deliver dialog on a phone', async () => {
    server.use(http.get('/api/seller/sales', () => ok(salesPage([GAMMA, sale({})]))));
    const { user } = renderAt('/console/seller/sales', 'zh-CN');
    await screen.findByText('gamma.io');
    await user.click(within(rowOf('gamma.io')).getByRole('button', { name: '交付 gamma.io' }));
    const dialog = await screen.findByRole('dialog', { name: '交付 gamma.io' });
    expect(within(dialog).getByRole('textbox', { name: '转移码（授权码）' })).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
