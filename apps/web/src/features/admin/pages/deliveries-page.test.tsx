import type { AdminDelivery } from '@namebourse/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, ok, queryOf, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { DeliveriesPage } from './deliveries-page.tsx';

const DELIVERIES = '/api/admin/deliveries';

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

function renderAt(path = '/admin/deliveries', items: AdminDelivery[] = [FAILED]) {
  server.use(http.get(DELIVERIES, () => ok({ items, total: items.length, page: 1, pageSize: 20 })));
  return renderWithProviders(<DeliveriesPage />, { path, route: 'admin/deliveries' });
}

/** The list entry of a delivery, found by its domain. */
async function findRow(domain: string): Promise<HTMLElement> {
  await screen.findByText(domain);
  const row = screen.getAllByRole('listitem').find((item) => within(item).queryByText(domain));
  if (!row) throw new Error(`no row for ${domain}`);
  return row;
}

describe('operator delivery queue', () => {
  it('asks for failed deliveries by default and shows each with its buyer, lot, attempts and last error', async () => {
    renderAt();
    const row = await findRow('example.com');
    expect(requestsTo('GET', DELIVERIES).map(queryOf)).toEqual([
      { status: 'delivery_failed', page: '1', pageSize: '20' },
    ]);
    expect(row.textContent).toContain('O42');
    expect(row.textContent).toContain('Delivery failed');
    expect(row.textContent).toContain('registrar unavailable');
    expect(within(row).getByRole('link', { name: 'NB100002' }).getAttribute('href')).toBe('/admin/users/NB100002');
    expect(within(row).getByRole('link', { name: '#A7' }).getAttribute('href')).toBe('/sale/A7');
  });

  it('reads the status filter from the address and says when nothing is in that state', async () => {
    renderAt('/admin/deliveries?status=transferring', []);
    await screen.findByText('No transfers under way');
    expect(requestsTo('GET', DELIVERIES).map(queryOf)).toEqual([{ status: 'transferring', page: '1', pageSize: '20' }]);
  });

  it('falls back to failed deliveries for an unknown status in the address', async () => {
    renderAt('/admin/deliveries?status=bogus');
    await findRow('example.com');
    expect(requestsTo('GET', DELIVERIES).map(queryOf)).toEqual([
      { status: 'delivery_failed', page: '1', pageSize: '20' },
    ]);
  });
});
