import type { AdminDelivery } from '@namebourse/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../../../app/test-render';
import { api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { DeliveriesPage } from './deliveries-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { ...(await importOriginal()).api, get: vi.fn() },
}));

const get = vi.mocked(api.get);

const FAILED: AdminDelivery = {
  orderId: 'O42',
  domain: 'example.com',
  status: 'delivery_failed',
  buyerAccountNo: 'NB100002',
  amountCents: 123_400,
  auctionId: 'A7',
  attempts: 3,
  lastError: 'registrar unavailable',
  lastAttemptAt: '2026-01-02T03:04:05.000Z',
  nextTryAt: '2026-01-02T04:04:05.000Z',
};

async function mount(path = '/admin/deliveries') {
  const router = createMemoryRouter([{ path: 'admin/deliveries', element: <DeliveriesPage /> }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

describe('operator delivery queue', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    get.mockReset();
    get.mockResolvedValue({ items: [FAILED], total: 1, page: 1, pageSize: 20 });
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('asks for failed deliveries by default and shows each with its buyer, lot, attempts and last error', async () => {
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.querySelector('[data-testid="admin-delivery-row"]')).not.toBeNull());
    expect(get).toHaveBeenCalledWith(
      '/admin/deliveries',
      { status: 'delivery_failed', page: 1, pageSize: 20 },
      expect.objectContaining({ errorMode: 'message' }),
    );
    const row = container.querySelector<HTMLElement>('[data-testid="admin-delivery-row"]');
    expect(row?.dataset.orderId).toBe('O42');
    expect(row?.textContent).toContain('example.com');
    expect(row?.textContent).toContain('Delivery failed');
    expect(row?.textContent).toContain('registrar unavailable');
    expect(row?.querySelector('[data-testid="admin-delivery-buyer"]')?.getAttribute('href')).toBe(
      '/admin/users/NB100002',
    );
    expect(row?.querySelector('[data-testid="admin-delivery-auction"]')?.getAttribute('href')).toBe('/sale/A7');
    unmount();
  });

  it('reads the status filter from the address and says when nothing is in that state', async () => {
    get.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 });
    const { container, unmount } = await mount('/admin/deliveries?status=transferring');
    await waitFor(() => expect(container.querySelector('[data-testid="admin-empty"]')).not.toBeNull());
    expect(get).toHaveBeenCalledWith(
      '/admin/deliveries',
      { status: 'transferring', page: 1, pageSize: 20 },
      expect.anything(),
    );
    expect(container.textContent).toContain('No transfers under way');
    unmount();
  });

  it('falls back to failed deliveries for an unknown status in the address', async () => {
    const { container, unmount } = await mount('/admin/deliveries?status=bogus');
    await waitFor(() => expect(container.querySelector('[data-testid="admin-delivery-row"]')).not.toBeNull());
    expect(get).toHaveBeenCalledWith(
      '/admin/deliveries',
      { status: 'delivery_failed', page: 1, pageSize: 20 },
      expect.anything(),
    );
    unmount();
  });
});
