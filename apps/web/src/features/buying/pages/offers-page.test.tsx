import type { Offer, OffersPage } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fail,
  fillIn,
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  rowWith,
  server,
} from '../../../lib/testing/index.ts';
import { OffersPage as OffersPageView } from './offers-page.tsx';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function offer(patch: Partial<Offer> = {}): Offer {
  return {
    offerId: 'F1',
    listingId: 'L1',
    domain: 'alpha.com',
    status: 'open',
    role: 'buyer',
    amountCents: 100_000,
    lastBy: 'buyer',
    floorCents: 50_000,
    listingPriceCents: 200_000,
    counterparty: 'NB****21',
    canAccept: false,
    canReject: true,
    canCounter: false,
    commissionBps: 500,
    commissionCents: 5_000,
    netCents: 95_000,
    taxCents: 6_000,
    totalCents: 106_000,
    expiresAt: inDays(3),
    orderId: null,
    orderStatus: null,
    history: [{ action: 'offered', by: 'buyer', amountCents: 100_000, at: '2026-01-10T12:00:00.000Z' }],
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...patch,
  };
}

const COUNTERED = offer({
  offerId: 'F2',
  domain: 'beta.net',
  status: 'countered',
  amountCents: 150_000,
  lastBy: 'seller',
  canAccept: true,
  canCounter: true,
  taxCents: 9_000,
  totalCents: 159_000,
  history: [
    { action: 'offered', by: 'buyer', amountCents: 100_000, at: '2026-01-10T12:00:00.000Z' },
    { action: 'countered', by: 'seller', amountCents: 150_000, at: '2026-01-11T08:30:00.000Z' },
  ],
});

const ACCEPTED = offer({
  offerId: 'F3',
  domain: 'gamma.io',
  status: 'accepted',
  canReject: false,
  orderId: 'O77',
  orderStatus: 'awaiting_payment',
});

const RECEIVED = offer({
  offerId: 'F9',
  domain: 'mine.com',
  role: 'seller',
  counterparty: 'NB****07',
  canAccept: true,
  canCounter: true,
});

function page(items: Offer[], counts: Record<string, number> = {}): OffersPage {
  return { items, total: items.length, page: 1, pageSize: 10, counts };
}

function renderAt(path = '/console/offers', locale: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(<OffersPageView />, { path, route: '/console/offers', locale });
}

describe('<OffersPage>', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.use(
      http.get('/api/offers', ({ request }) =>
        new URL(request.url).searchParams.get('role') === 'seller'
          ? ok(page([RECEIVED], { open: 1 }))
          : ok(page([offer(), COUNTERED, ACCEPTED], { open: 1, countered: 1, accepted: 1 })),
      ),
    );
  });

  it('lists the offers I made with amount, who made it, status, time left, seller and total with tax', async () => {
    renderAt();
    await screen.findByText('gamma.io');
    expect(screen.getByRole('tab', { name: 'Offers I made', selected: true })).toBeDefined();
    const open = rowWith('alpha.com');
    expect(within(open).getByRole('link', { name: 'Open alpha.com in the market' }).getAttribute('href')).toBe(
      '/market/alpha.com',
    );
    expect(open.textContent).toContain('Your offer');
    expect(open.textContent).toContain('Seller NB****21');
    expect(open.textContent).toContain('Awaiting seller');
    expect(open.textContent).toContain('$1,000.00 + $60.00 tax = $1,060.00');
    expect(within(open).getByRole('timer').textContent).toMatch(/^(2d 23:59:\d\d|3d 00:00:00)$/);
    expect(within(open).getByRole('button', { name: 'Withdraw' })).toBeDefined();
    expect(within(open).queryByRole('button', { name: 'Accept counter' })).toBeNull();

    const countered = rowWith('beta.net');
    expect(countered.textContent).toContain('Countered by the seller');
    expect(countered.textContent).toContain('Your turn');
    expect(within(countered).getByRole('button', { name: 'Accept counter' })).toBeDefined();
    expect(within(countered).getByRole('button', { name: 'Offer again' })).toBeDefined();
    expect(within(countered).getByRole('button', { name: 'Decline' })).toBeDefined();

    const accepted = rowWith('gamma.io');
    expect(accepted.textContent).toContain('Awaiting payment: pay within 72 hours');
    expect(within(accepted).getByRole('link', { name: 'Pay for gamma.io now' }).getAttribute('href')).toBe(
      '/console/order/list?orderId=O77',
    );
    expect(requestsTo('GET', '/api/offers').map(queryOf)).toEqual([{ role: 'buyer', page: '1', pageSize: '10' }]);
  });

  it('filters by status with counts, and switches to the offers received in the address', async () => {
    const { user, router } = renderAt();
    await screen.findByText('gamma.io');
    await user.click(screen.getByRole('combobox', { name: 'Offer status' }));
    expect(screen.getByRole('option', { name: 'All (3)' })).toBeDefined();
    await user.click(screen.getByRole('option', { name: 'Countered (1)' }));
    await waitFor(() => expect(locationOf(router)).toBe('/console/offers?status=countered'));
    await waitFor(() =>
      expect(requestsTo('GET', '/api/offers').map(queryOf).at(-1)).toEqual({
        role: 'buyer',
        status: 'countered',
        page: '1',
        pageSize: '10',
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'Offers received' }));
    await screen.findByText('mine.com');
    expect(locationOf(router)).toBe('/console/offers?role=seller');
    expect(rowWith('mine.com').textContent).toContain('Buyer NB****07');
    expect(rowWith('mine.com').textContent).toContain('Offered by the buyer');
  });

  it('shows the seller the net proceeds before accepting, and accepts', async () => {
    server.use(http.post('/api/offers/F9/accept', () => ok({ ...RECEIVED, status: 'accepted', orderId: 'O5' })));
    const { user } = renderAt('/console/offers?role=seller');
    await screen.findByText('mine.com');
    const row = rowWith('mine.com');
    expect(row.textContent).toContain('$1,000.00 − $50.00 commission at 5% = $950.00 to you');
    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept $1,000.00 for mine.com?' });
    expect(within(dialog).getByText('Commission at 5%')).toBeDefined();
    expect(within(dialog).getByTestId('offer-net').textContent).toBe('$950.00');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Offer accepted. The buyer has 72 hours to pay.')).toBeDefined();
    expect(requestsTo('POST', '/api/offers/F9/accept')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      '/console/order/list?orderId=O5',
    );
  });

  it('counters with an amount checked before sending, showing the net at that amount', async () => {
    server.use(http.post('/api/offers/F9/counter', () => ok({ ...RECEIVED, status: 'countered' })));
    const { user } = renderAt('/console/offers?role=seller');
    await screen.findByText('mine.com');
    await user.click(within(rowWith('mine.com')).getByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer for mine.com' });
    const field = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    await fillIn(user, field, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('The lowest offer is $3.00')).toBeDefined();
    expect(requestsTo('POST', '/api/offers/F9/counter')).toHaveLength(0);

    await fillIn(user, field, '1200');
    expect(within(dialog).getByTestId('offer-net').textContent).toBe('$1,140.00');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = requestsTo('POST', '/api/offers/F9/counter');
    expect(await sent?.json()).toEqual({ amountCents: 120_000 });
    expect(await screen.findByText('Counter-offer sent')).toBeDefined();
  });

  it('lets the buyer accept a counter after seeing the total with tax, then links to pay the order', async () => {
    server.use(
      http.post('/api/offers/F2/accept', () =>
        ok({ ...COUNTERED, status: 'accepted', canAccept: false, orderId: 'O9', orderStatus: 'awaiting_payment' }),
      ),
    );
    const { user } = renderAt();
    await screen.findByText('beta.net');
    await user.click(within(rowWith('beta.net')).getByRole('button', { name: 'Accept counter' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Accept the counter-offer of $1,500.00 for beta.net?',
    });
    expect(within(dialog).getByTestId('offer-total-with-tax').textContent).toBe('$1,590.00');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const pay = await within(dialog).findByRole('link', { name: 'Pay now' });
    expect(pay.getAttribute('href')).toBe('/console/order/list?orderId=O9');
  });

  it('offers again with the new total shown, and withdraws an open offer', async () => {
    server.use(
      http.post('/api/listings/L1/offers', () => ok({ ...COUNTERED, status: 'open', amountCents: 120_000 })),
      http.post('/api/offers/F1/reject', () => ok({ ...offer(), status: 'rejected' })),
    );
    const { user } = renderAt();
    await screen.findByText('beta.net');
    await user.click(within(rowWith('beta.net')).getByRole('button', { name: 'Offer again' }));
    const dialog = await screen.findByRole('dialog', { name: 'New offer for beta.net' });
    const field = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    await fillIn(user, field, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('The seller takes offers from $500.00')).toBeDefined();
    await fillIn(user, field, '1,200');
    expect(within(dialog).getByTestId('offer-total-with-tax').textContent).toBe('$1,272.00');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await requestsTo('POST', '/api/listings/L1/offers')[0]?.json()).toEqual({ amountCents: 120_000 });

    await user.click(within(rowWith('alpha.com')).getByRole('button', { name: 'Withdraw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw your offer of $1,000.00 for alpha.com?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(requestsTo('POST', '/api/offers/F1/reject')).toHaveLength(1));
  });

  it("shows the server's refusal in the dialog, in the page's language", async () => {
    server.use(http.post('/api/offers/F9/accept', () => fail('Offer.InvalidTransition')));
    const { user } = renderAt('/console/offers?role=seller', 'zh-CN');
    await screen.findByText('mine.com');
    await user.click(within(rowWith('mine.com')).getByRole('button', { name: '接受' }));
    const dialog = await screen.findByRole('dialog', { name: '以 $1,000.00 接受 mine.com 的报价？' });
    await user.click(within(dialog).getByRole('button', { name: '接受' }));
    expect(await within(dialog).findByText('该报价当前状态不允许此操作')).toBeDefined();
  });

  it('opens the history of an offer as a timeline', async () => {
    const { user } = renderAt();
    await screen.findByText('beta.net');
    const row = rowWith('beta.net');
    const toggle = within(row).getByRole('button', { name: 'History (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const history = within(row).getByRole('list', { name: 'History of the offer on beta.net' });
    const steps = within(history)
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(steps[0]).toContain('Buyer offered $1,000.00');
    expect(steps[1]).toContain('Seller countered with $1,500.00');
  });

  it('says so when there are no offers', async () => {
    server.use(http.get('/api/offers', () => ok(page([], {}))));
    renderAt('/console/offers?role=seller');
    expect(await screen.findByText('No offers received yet')).toBeDefined();
  });

  describe('on a wide screen', () => {
    const original = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = original;
    });

    it('filters by status with tabs that show the counts', async () => {
      const { user, router } = renderAt();
      await screen.findByText('gamma.io');
      const filter = screen.getByRole('tablist', { name: 'Offer status' });
      expect(within(filter).getByRole('tab', { name: 'Accepted (1)' })).toBeDefined();
      await user.click(within(filter).getByRole('tab', { name: 'Accepted (1)' }));
      await waitFor(() => expect(locationOf(router)).toBe('/console/offers?status=accepted'));
    });
  });
});
