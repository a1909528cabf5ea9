import type { Order, Page } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { orderFixture } from '../../../lib/testing/fixtures.ts';
import {
  fail,
  HttpResponse,
  http,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  rowWith,
  server,
} from '../../../lib/testing/index.ts';
import { OrderListPage } from './order-list-page.tsx';

function order(patch: Partial<Order>): Order {
  return orderFixture({
    orderId: 'O1',
    domain: 'alpha.com',
    payTimeLeftSeconds: 2 * 86_400 + 3 * 3_600 + 12 * 60 + 45,
    ...patch,
  });
}

const ORDERS = [
  order({}),
  order({ orderId: 'O2', domain: 'beta.net', amountCents: 5_300, amountExTaxCents: 5_000, taxCents: 300 }),
  order({
    orderId: 'O3',
    domain: 'gamma.io',
    status: 'paid_awaiting_delivery',
    payBy: null,
    payTimeLeftSeconds: null,
    paidAt: '2026-01-11T12:00:00.000Z',
    deliverAt: '2026-02-07T12:00:00.000Z',
    canPay: false,
    hasInvoice: true,
  }),
];

const page = (items: Order[]): Page<Order> => ({ items, total: items.length, page: 1, pageSize: 10 });

function renderAt(path = '/console/order/list') {
  return renderWithProviders(<OrderListPage />, { path, route: '/console/order/list' });
}

/** The rows are on screen once the last order shows. */
async function listed() {
  await screen.findByText('gamma.io');
}

describe('<OrderListPage>', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/orders', () => ok(page(ORDERS))),
      http.get('/api/funds/summary', () => ok({ availableCents: 12_000 })),
    );
  });

  it('shows each order with its status, amounts with and without tax, time left to pay and delivery date', async () => {
    renderAt();
    await listed();
    const first = rowWith('alpha.com');
    expect(first.textContent).toContain('Awaiting payment');
    expect(first.textContent).toContain('$106.00');
    expect(first.textContent).toContain('Excl. tax $100.00');
    expect(first.textContent).toContain('Tax 6% $6.00');
    expect(within(first).getByRole('timer').textContent).toMatch(/^2d 03:12:4[45]$/);
    const paid = rowWith('gamma.io');
    expect(paid.textContent).toContain('Paid, awaiting delivery');
    expect(paid.textContent).toContain('Delivery date');
    expect(within(paid).getByRole('button', { name: 'Download invoice for gamma.io' })).toBeDefined();
    expect(within(paid).queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(requestsTo('GET', '/api/orders').map(queryOf)).toEqual([{ page: '1', pageSize: '10' }]);
  });

  it('shows until when the previous holder can reclaim, and a failed delivery as retrying with its reason', async () => {
    server.use(
      http.get('/api/orders', () =>
        ok(
          page([
            order({
              orderId: 'O4',
              domain: 'delta.com',
              status: 'paid_awaiting_delivery',
              payTimeLeftSeconds: null,
              canPay: false,
              deliverAt: '2026-02-07T12:00:00.000Z',
              reclaimableUntil: '2026-02-01T08:00:00.000Z',
            }),
            order({
              orderId: 'O5',
              domain: 'gamma.io',
              status: 'delivery_failed',
              payTimeLeftSeconds: null,
              canPay: false,
              deliverAt: '2026-02-08T13:00:00.000Z',
              deliveryError: 'registry (RDAP rdap.example): no answer within 5000 ms',
            }),
          ]),
        ),
      ),
    );
    renderAt();
    await listed();
    const paid = rowWith('delta.com');
    expect(paid.textContent).toContain('Delivery date');
    expect(paid.textContent).toMatch(/The previous holder can still reclaim it until \S/);
    const failed = rowWith('gamma.io');
    expect(failed.textContent).toContain('Next delivery attempt');
    expect(failed.textContent).toContain(
      'Delivery failed, retrying. Reason: registry (RDAP rdap.example): no answer within 5000 ms',
    );
    expect(failed.textContent).not.toContain('reclaim');
  });

  it('asks the server for the status and domain in the address', async () => {
    renderAt('/console/order/list?status=completed&q=beta&page=2');
    await waitFor(() =>
      expect(requestsTo('GET', '/api/orders').map(queryOf)).toEqual([
        { status: 'completed', keyword: 'beta', page: '2', pageSize: '10' },
      ]),
    );
  });

  it('pays two chosen orders at once after showing their total, with one Idempotency-Key', async () => {
    server.use(http.post('/api/orders/pay', () => ok({ orders: [ORDERS[0], ORDERS[1]], paidCents: 15_900 })));
    const { user } = renderAt();
    await listed();
    expect(within(rowWith('gamma.io')).queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select alpha.com for payment' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select beta.net for payment' }));
    expect(screen.getByText('2 orders selected')).toBeDefined();
    expect(screen.getByText(/^Total incl\. tax/).textContent).toBe('Total incl. tax $159.00');

    await user.click(screen.getByRole('button', { name: 'Pay selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 2 orders' });
    await waitFor(() => expect(dialog.textContent).toContain('Available balance$120.00'));
    expect(dialog.textContent).toContain('Total to pay$159.00');
    const short = within(dialog).getByRole('alert');
    expect(short.textContent).toContain('$39.00 short');
    expect(within(short).getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe(
      '/console/fund/recharge?amount=39.00',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Pay $159.00' }));
    await screen.findByText('2 orders paid, $159.00 in total');
    const [payment, ...more] = requestsTo('POST', '/api/orders/pay');
    expect(more).toHaveLength(0);
    expect(await payment?.json()).toEqual({ orderIds: ['O1', 'O2'] });
    expect(payment?.headers.get('Idempotency-Key')).toMatch(/^[\w-]{16,}$/);
  });

  it('retries a payment whose answer was lost under the same Idempotency-Key', async () => {
    let calls = 0;
    server.use(
      http.post('/api/orders/O1/pay', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : ok({ ...ORDERS[0], status: 'paid_awaiting_delivery' });
      }),
    );
    const { user } = renderAt();
    await listed();

    await user.click(screen.getByRole('button', { name: 'Pay alpha.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $106.00' }));
    // The dialog stays for a retry.
    await waitFor(() => expect(requestsTo('POST', '/api/orders/O1/pay')).toHaveLength(1));
    const retry = await within(dialog).findByRole('button', { name: 'Pay $106.00' });
    await waitFor(() => expect(retry).toHaveProperty('disabled', false));
    await user.click(retry);
    await screen.findByText('Paid $106.00 for alpha.com');
    const [first, second] = requestsTo('POST', '/api/orders/O1/pay');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(first?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('closes the confirmation when the server refuses (the shared handler explains why)', async () => {
    server.use(http.post('/api/orders/O1/pay', () => fail('Funds.InsufficientBalance')));
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('button', { name: 'Pay alpha.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $106.00' }));
    await screen.findByRole('dialog', { name: 'Insufficient balance' });
    expect(screen.queryByRole('dialog', { name: 'Confirm payment' })).toBeNull();
  });

  it('downloads the invoice of a paid order through the download mode', async () => {
    const saveFile = vi.fn();
    server.use(
      http.get(
        '/api/orders/O3/invoice',
        () => new HttpResponse('%PDF', { headers: { 'content-type': 'application/pdf' } }),
      ),
    );
    const { user } = renderAt();
    configureApiClient({ saveFile });
    await listed();
    await user.click(screen.getByRole('button', { name: 'Download invoice for gamma.io' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());
    const [blob, filename] = saveFile.mock.calls[0] ?? [];
    expect(filename).toBe('invoice-O3.pdf');
    expect(await (blob as Blob).text()).toBe('%PDF');
  });

  it("says 'The order does not exist or has expired' for a linked order that is not there", async () => {
    server.use(http.get('/api/orders/O404', () => fail('Order.NotFound')));
    renderAt('/console/order/list?orderId=O404');
    await screen.findByText('The order does not exist or has expired');
    expect(screen.getByRole('button', { name: 'Show all orders' })).toBeDefined();
    expect(requestsTo('GET', '/api/orders')).toHaveLength(0);
  });

  it('marks where each order comes from and pays a fixed-price or offer order like an auction win', async () => {
    const fixed = order({ orderId: 'O6', domain: 'shop.com', source: 'fixed', sourceRef: 'L1' });
    const offered = order({
      orderId: 'O7',
      domain: 'talk.io',
      source: 'offer',
      sourceRef: 'F1',
      status: 'buyer_violation',
      payTimeLeftSeconds: null,
      canPay: false,
    });
    server.use(
      http.get('/api/orders', () => ok(page([ORDERS[0] as Order, fixed, offered]))),
      http.post('/api/orders/O6/pay', () => ok({ ...fixed, status: 'paid_awaiting_delivery', canPay: false })),
    );
    const { user } = renderAt();
    await screen.findByText('talk.io');
    expect(within(rowWith('alpha.com')).getByLabelText('Order source: Auction')).toBeDefined();
    expect(within(rowWith('shop.com')).getByLabelText('Order source: Fixed price')).toBeDefined();
    const unpaid = rowWith('talk.io');
    expect(within(unpaid).getByLabelText('Order source: Offer')).toBeDefined();
    expect(unpaid.textContent).toContain('Buyer violation');
    expect(within(unpaid).queryByRole('button', { name: /^Pay/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pay shop.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $106.00' }));
    await screen.findByText('Paid $106.00 for shop.com');
    expect(requestsTo('POST', '/api/orders/O6/pay')).toHaveLength(1);
  });

  it("words awaiting payment as a win only for an auction's order (zh-CN)", async () => {
    server.use(
      http.get('/api/orders', () =>
        ok(page([ORDERS[0] as Order, order({ orderId: 'O6', domain: 'shop.com', source: 'fixed' })])),
      ),
    );
    renderWithProviders(<OrderListPage />, {
      path: '/console/order/list',
      route: '/console/order/list',
      locale: 'zh-CN',
    });
    await screen.findByText('shop.com');
    expect(within(rowWith('alpha.com')).getByTestId('order-status').textContent).toBe('已竞得待付款');
    const fixed = rowWith('shop.com');
    expect(within(fixed).getByTestId('order-status').textContent).toBe('待付款');
    expect(within(fixed).getByLabelText('订单来源：一口价')).toBeDefined();
  });

  it('shows an empty state with the way back when a filter matches nothing', async () => {
    server.use(http.get('/api/orders', () => ok(page([]))));
    const { user, router } = renderAt('/console/order/list?status=refunded');
    await screen.findByText('No orders match');
    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(router.state.location.search).toBe('');
  });
});
