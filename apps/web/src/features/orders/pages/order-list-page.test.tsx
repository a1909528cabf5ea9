import type { Order, Page } from '@namebourse/contract';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../../../app/test-render';
import { ApiError, api } from '../../../lib/api-client';
import { getFeedbackState, resetFeedbackStore } from '../../../lib/feedback-store';
import i18n from '../../../lib/i18n';
import { OrderListPage } from './order-list-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, api: { ...original.api, get: vi.fn(), post: vi.fn(), download: vi.fn() } };
});

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const download = vi.mocked(api.download);

function order(patch: Partial<Order>): Order {
  return {
    orderId: 'O1',
    domain: 'alpha.com',
    source: 'auction',
    sourceRef: 'A1',
    status: 'awaiting_payment',
    amountCents: 10_600,
    amountExTaxCents: 10_000,
    taxCents: 600,
    taxRateBps: 600,
    currency: 'USD',
    payBy: '2026-01-13T12:00:00.000Z',
    payTimeLeftSeconds: 2 * 86_400 + 3 * 3_600 + 12 * 60 + 45,
    paidAt: null,
    deliverAt: null,
    completedAt: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    canPay: true,
    hasInvoice: false,
    ...patch,
  };
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

function byText(container: HTMLElement, selector: string, text: string): HTMLElement {
  const found = [...container.ownerDocument.querySelectorAll<HTMLElement>(selector)].find((el) =>
    el.textContent?.trim().startsWith(text),
  );
  if (!found) throw new Error(`no ${selector} '${text}' in: ${container.ownerDocument.body.textContent}`);
  return found;
}

function row(container: HTMLElement, orderId: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`[data-order-id="${orderId}"]`);
  if (!found) throw new Error(`no row ${orderId}`);
  return found;
}

async function click(element: HTMLElement) {
  await act(async () => {
    element.click();
  });
}

async function mount(path = '/console/order/list') {
  const router = createMemoryRouter([{ path: '/console/order/list', element: <OrderListPage /> }], {
    initialEntries: [path],
  });
  const view = await render(<RouterProvider router={router} />);
  return { router, ...view };
}

describe('<OrderListPage>', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
  });

  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    download.mockReset();
    resetFeedbackStore();
    get.mockImplementation(async (path: string) => {
      if (path === '/orders') return page(ORDERS);
      if (path === '/funds/summary') return { availableCents: 12_000 };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows each order with its status, amounts with and without tax, time left to pay and delivery date', async () => {
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="order-row"]')).toHaveLength(3));
    const first = row(container, 'O1');
    expect(first.textContent).toContain('alpha.com');
    expect(first.textContent).toContain('Awaiting payment');
    expect(first.textContent).toContain('$106.00');
    expect(first.textContent).toContain('Excl. tax $100.00');
    expect(first.textContent).toContain('Tax 6% $6.00');
    expect(first.querySelector('[role="timer"]')?.textContent).toMatch(/^2d 03:12:4[45]$/);
    const paid = row(container, 'O3');
    expect(paid.textContent).toContain('Paid, awaiting delivery');
    expect(paid.textContent).toContain('Delivery date');
    expect(paid.textContent).toContain('Download invoice');
    expect(paid.textContent).not.toContain('Pay');
    expect(get).toHaveBeenCalledWith(
      '/orders',
      { status: undefined, keyword: undefined, page: 1, pageSize: 10 },
      expect.objectContaining({ errorMode: 'message' }),
    );
    unmount();
  });

  it('asks the server for the status and domain in the address', async () => {
    const { unmount } = await mount('/console/order/list?status=completed&q=beta&page=2');
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/orders',
        { status: 'completed', keyword: 'beta', page: 2, pageSize: 10 },
        expect.anything(),
      ),
    );
    unmount();
  });

  it('pays two chosen orders at once after showing their total, with one Idempotency-Key', async () => {
    post.mockResolvedValue({ orders: [ORDERS[0], ORDERS[1]], paidCents: 15_900 });
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="order-row"]')).toHaveLength(3));
    expect(row(container, 'O3').querySelector('input[type="checkbox"]')).toBeNull();
    await click(row(container, 'O1').querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLElement);
    await click(row(container, 'O2').querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLElement);
    const bar = container.querySelector('[data-testid="pay-selection"]');
    expect(bar?.textContent).toContain('2 orders selected');
    expect(bar?.textContent).toContain('$159.00');

    await click(byText(container, 'button', 'Pay selected'));
    const dialog = document.querySelector('[data-testid="pay-dialog"]');
    await waitFor(() => expect(dialog?.textContent).toContain('Available balance$120.00'));
    expect(document.querySelector('[data-testid="pay-dialog-total"]')?.textContent).toBe('$159.00');
    expect(document.querySelector('[data-testid="pay-dialog-short"]')?.textContent).toContain('$39.00 short');
    expect(document.querySelector('[data-testid="pay-dialog-short"] a')?.getAttribute('href')).toBe(
      '/console/fund/recharge?amount=39.00',
    );

    await click(document.querySelector<HTMLElement>('[data-testid="pay-dialog-confirm"]') as HTMLElement);
    expect(post).toHaveBeenCalledTimes(1);
    const [path, body, options] = post.mock.calls[0] ?? [];
    expect(path).toBe('/orders/pay');
    expect(body).toEqual({ orderIds: ['O1', 'O2'] });
    expect(options?.idempotencyKey).toMatch(/^[\w-]{16,}$/);
    await waitFor(() => expect(getFeedbackState().toast?.message).toBe('2 orders paid, $159.00 in total'));
    unmount();
  });

  it('retries a payment whose answer was lost under the same Idempotency-Key', async () => {
    post.mockRejectedValueOnce(new ApiError({ code: '500', message: '', kind: 'timeout' }));
    post.mockResolvedValueOnce({ ...ORDERS[0], status: 'paid_awaiting_delivery' });
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="order-row"]')).toHaveLength(3));

    await click(byText(row(container, 'O1'), 'button', 'Pay'));
    await click(document.querySelector<HTMLElement>('[data-testid="pay-dialog-confirm"]') as HTMLElement);
    // The dialog stays for a retry.
    await waitFor(() => expect(document.querySelector('[data-testid="pay-dialog-confirm"]')).not.toBeNull());
    await waitFor(() =>
      expect((document.querySelector('[data-testid="pay-dialog-confirm"]') as HTMLButtonElement).disabled).toBe(false),
    );
    await click(document.querySelector<HTMLElement>('[data-testid="pay-dialog-confirm"]') as HTMLElement);
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[0]?.[0]).toBe('/orders/O1/pay');
    expect(post.mock.calls[1]?.[0]).toBe('/orders/O1/pay');
    expect(post.mock.calls[1]?.[2]?.idempotencyKey).toBe(post.mock.calls[0]?.[2]?.idempotencyKey);
    await waitFor(() => expect(getFeedbackState().toast?.message).toBe('Paid $106.00 for alpha.com'));
    unmount();
  });

  it('closes the confirmation when the server refuses (the shared handler explains why)', async () => {
    post.mockRejectedValueOnce(
      new ApiError({ code: 'Funds.InsufficientBalance', message: 'Insufficient balance', status: 402 }),
    );
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="order-row"]')).toHaveLength(3));
    await click(byText(row(container, 'O1'), 'button', 'Pay'));
    await click(document.querySelector<HTMLElement>('[data-testid="pay-dialog-confirm"]') as HTMLElement);
    await waitFor(() => expect(document.querySelector('[data-testid="pay-dialog-confirm"]')).toBeNull());
    unmount();
  });

  it('downloads the invoice of a paid order through the download mode', async () => {
    download.mockResolvedValue({ saved: true, filename: 'invoice-O3.pdf', blob: new Blob(['%PDF']) });
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="order-row"]')).toHaveLength(3));
    await click(byText(row(container, 'O3'), 'button', 'Download invoice'));
    expect(download).toHaveBeenCalledWith(
      '/orders/O3/invoice',
      undefined,
      expect.objectContaining({ filename: 'invoice-O3.pdf' }),
    );
    unmount();
  });

  it("says 'The order does not exist or has expired' for a linked order that is not there", async () => {
    get.mockImplementation(async (path: string) => {
      if (path === '/orders/O404') {
        throw new ApiError({
          code: 'Order.NotFound',
          message: 'The order does not exist or has expired',
          status: 404,
          traceId: 't-1',
        });
      }
      throw new Error(`unexpected GET ${path}`);
    });
    const { container, unmount } = await mount('/console/order/list?orderId=O404');
    await waitFor(() =>
      expect(container.querySelector('[data-testid="error-view-message"]')?.textContent).toBe(
        'The order does not exist or has expired',
      ),
    );
    expect(container.textContent).toContain('Show all orders');
    unmount();
  });

  it('shows an empty state with the way back when a filter matches nothing', async () => {
    get.mockResolvedValue(page([]));
    const { container, router, unmount } = await mount('/console/order/list?status=refunded');
    await waitFor(() => expect(container.querySelector('[data-testid="orders-empty"]')).not.toBeNull());
    expect(container.textContent).toContain('No orders match');
    await click(byText(container, 'button', 'Show all orders'));
    expect(router.state.location.search).toBe('');
    unmount();
  });
});
