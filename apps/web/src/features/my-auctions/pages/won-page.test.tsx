import type { Order, Page, WonAuction } from '@namebourse/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderFixture } from '../../../lib/testing/fixtures.ts';
import { http, ok, renderWithProviders, rowWith, server } from '../../../lib/testing/index.ts';
import { WonPage } from './won-page.tsx';

function won(domain: string, patch: Partial<Order>): WonAuction {
  return {
    auctionId: `A-${domain}`,
    domain,
    type: 'expired',
    winningPriceCents: 10_000,
    endedAt: '2026-01-10T12:00:00.000Z',
    depositCents: 0,
    order: orderFixture({ orderId: `O-${domain}`, domain, ...patch }),
  };
}

const paid = { payTimeLeftSeconds: null, canPay: false, paidAt: '2026-01-11T12:00:00.000Z', hasInvoice: true };

const ITEMS: WonAuction[] = [
  won('alpha.com', { reclaimableUntil: '2026-02-01T08:00:00.000Z' }),
  won('beta.net', {
    ...paid,
    status: 'paid_awaiting_delivery',
    deliverAt: '2026-02-06T12:00:00.000Z',
    reclaimableUntil: '2026-02-03T08:00:00.000Z',
  }),
  won('gamma.io', {
    ...paid,
    status: 'delivery_failed',
    deliverAt: '2026-02-07T13:00:00.000Z',
    deliveryError: 'registry (RDAP simulator): registry unavailable for gamma.io',
  }),
];

const page = (items: WonAuction[]): Page<WonAuction> => ({ items, total: items.length, page: 1, pageSize: 10 });

describe('<WonPage>', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/console/auctions/won', () => ok(page(ITEMS))),
      http.get('/api/funds/summary', () => ok({ availableCents: 12_000 })),
    );
  });

  it('shows the delivery date, until when the previous holder can reclaim, and a failed delivery with its reason', async () => {
    renderWithProviders(<WonPage />, { path: '/console/auction/win', route: '/console/auction/win' });
    await screen.findAllByText('gamma.io');
    expect(rowWith('alpha.com').textContent).toMatch(/The previous holder can still reclaim it until \S/);
    const awaiting = rowWith('beta.net');
    expect(awaiting.textContent).toContain('Delivery date');
    expect(awaiting.textContent).not.toContain('--');
    expect(awaiting.textContent).toMatch(/The previous holder can still reclaim it until \S/);
    const failed = rowWith('gamma.io');
    expect(failed.textContent).toContain('Next delivery attempt');
    expect(failed.textContent).toContain(
      'Delivery failed, retrying. Reason: registry (RDAP simulator): registry unavailable for gamma.io',
    );
  });

  it('in Chinese too', async () => {
    renderWithProviders(<WonPage />, { path: '/console/auction/win', route: '/console/auction/win', locale: 'zh-CN' });
    await screen.findAllByText('gamma.io');
    expect(rowWith('beta.net').textContent).toMatch(/原持有人可在 \S.* 前赎回该域名/);
    expect(rowWith('gamma.io').textContent).toContain('交付失败，正在重试。原因：');
  });
});
