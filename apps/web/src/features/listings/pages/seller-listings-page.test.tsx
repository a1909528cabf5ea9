import type { BatchPriceResult, Listing, ListingsPage } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { publicParametersHandler } from '../../../lib/public-parameters.test-support.ts';
import { setRenderEnv } from '../../../lib/render-env.ts';
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
import { SellerListingsPage } from './seller-listings-page.tsx';

function listing(patch: Partial<Listing>): Listing {
  return {
    listingId: '11',
    domain: 'alpha.com',
    tld: 'com',
    source: 'held',
    mode: 'fixed',
    status: 'on_sale',
    quickStatus: 'listed',
    pausedReason: null,
    priceCents: 120_000,
    floorCents: null,
    startPriceCents: null,
    reservePriceCents: null,
    durationDays: null,
    auctionId: null,
    industries: [],
    keywords: [],
    descriptionZh: '',
    descriptionEn: '',
    logo: null,
    aiTokensLeft: 1,
    endOption: '3m',
    expiresAt: '2027-02-20T12:00:00.000Z',
    reviewReason: null,
    pendingChanges: null,
    nextPrice: null,
    commissionBps: 500,
    feeLockedUntil: '2027-11-01T00:00:00.000Z',
    views: 0,
    openOffers: 0,
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    ...patch,
  };
}

const ALPHA = listing({});
const BETA = listing({
  listingId: '12',
  domain: 'beta.io',
  tld: 'io',
  source: 'external',
  quickStatus: 'paused',
  pausedReason: 'ownership',
  priceCents: 5_000,
});
const GAMMA = listing({
  listingId: '13',
  domain: 'gamma.net',
  tld: 'net',
  status: 'review_failed',
  reviewReason: 'The description names a trademark',
  mode: 'offer',
  priceCents: null,
  floorCents: 900,
});
const COUNTS = { on_sale: 2, review_failed: 1, pending_review: 4, sold: 7 };

const page = (items: Listing[], counts: Record<string, number> = COUNTS): ListingsPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  counts,
  serverTime: '2026-11-27T12:00:00.000Z',
});

function renderAt(path = '/console/seller', locale: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(<SellerListingsPage />, { path, route: '/console/seller', locale });
}

// MUI forms cost a render per event: on a busy machine a test needs more than the default 15 s.
describe('<SellerListingsPage>', { timeout: 30_000 }, () => {
  beforeEach(() => {
    server.use(http.get('/api/listings', () => ok(page([ALPHA, BETA, GAMMA]))));
  });

  it('shows the tabs with their counts, the status from the address, and each listing', async () => {
    const { user, router } = renderAt('/console/seller?status=review_failed&q=ga&mode=offer');
    await screen.findByText('gamma.net');
    const tabs = screen.getByRole('tablist', { name: 'Listings by status' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toEqual([
      'All (14)',
      'Pending review (4)',
      'Review failed (1)',
      'Waiting for supplement (0)',
      'Modification awaiting review (0)',
      'On sale (2)',
      'Off the shelf (0)',
      'Selling (0)',
      'Sold (7)',
      'Expired off shelf (0)',
    ]);
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Review failed (1)');
    expect(requestsTo('GET', '/api/listings').map(queryOf)[0]).toEqual({
      status: 'review_failed',
      mode: 'offer',
      q: 'ga',
      page: '1',
      pageSize: '20',
    });
    expect(rowWith('gamma.net').textContent).toContain('Reason: The description names a trademark');
    expect(rowWith('gamma.net').textContent).toContain('Floor $9.00');
    expect(rowWith('alpha.com').textContent).toContain('$1,200.00');

    await user.click(within(tabs).getByRole('tab', { name: 'Sold (7)' }));
    await waitFor(() => expect(locationOf(router)).toContain('status=sold'));
    await waitFor(() => expect(requestsTo('GET', '/api/listings').map(queryOf).at(-1)?.status).toBe('sold'));
  });

  it('flips the quick switch through the API; a listing paused for its ownership proof cannot be switched', async () => {
    server.use(
      http.post('/api/listings/11/quick', () => ok({ ...ALPHA, quickStatus: 'paused', pausedReason: 'seller' })),
    );
    const { user } = renderAt();
    await screen.findByText('alpha.com');
    const beta = screen.getByRole('switch', { name: 'Quick listing of beta.io' });
    expect(beta).toHaveProperty('disabled', true);
    expect(rowWith('beta.io').textContent).toContain('Paused: ownership proof missing');
    await user.click(screen.getByRole('switch', { name: 'Quick listing of alpha.com' }));
    await waitFor(() => expect(requestsTo('POST', '/api/listings/11/quick')).toHaveLength(1));
    expect(await requestsTo('POST', '/api/listings/11/quick')[0]?.json()).toEqual({ listed: false });
    await waitFor(() => expect(rowWith('alpha.com').textContent).toContain('Paused by you'));
  });

  it('takes a listing off the shelf after asking', async () => {
    server.use(http.post('/api/listings/11', () => ok({ ...ALPHA, status: 'off_shelf' })));
    const { user } = renderAt();
    await screen.findByText('alpha.com');
    await user.click(screen.getByRole('button', { name: 'Take alpha.com off the shelf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take alpha.com off the shelf?' });
    await user.click(within(dialog).getByRole('button', { name: 'Take off shelf' }));
    await waitFor(() => expect(requestsTo('POST', '/api/listings/11')).toHaveLength(1));
    expect(await requestsTo('POST', '/api/listings/11')[0]?.json()).toEqual({ action: 'take_down' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('previews a batch price change (old → new and the refused ones), applies it and reports a partial success', async () => {
    const result = (preview: boolean): BatchPriceResult => ({
      preview,
      succeeded: [{ listingId: '11', domain: 'alpha.com', oldPriceCents: 120_000, newPriceCents: 132_000 }],
      failed: [{ listingId: '13', domain: 'gamma.net', code: 'Listing.NotEditable', message: 'Not in a priced mode' }],
    });
    server.use(
      http.post('/api/listings/batch-price', async ({ request }) => {
        const body = (await request.json()) as { preview: boolean };
        return ok(result(body.preview));
      }),
    );
    const { user } = renderAt();
    await screen.findByText('alpha.com');
    await user.click(screen.getByRole('checkbox', { name: 'Select alpha.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select gamma.net' }));
    await user.click(screen.getByRole('button', { name: 'Change prices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the price of 2 listings' });
    await user.click(within(dialog).getByRole('radio', { name: 'Change by %' }));
    const field = within(dialog).getByRole('textbox', { name: 'Change (%)' });
    await fillIn(user, field, '-95');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText('Too small (at least -90)')).toBeDefined();
    expect(requestsTo('POST', '/api/listings/batch-price')).toHaveLength(0);

    await fillIn(user, field, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByText('1 will change, 1 refused');
    expect(within(dialog).getByText('$1,200.00 → $1,320.00')).toBeDefined();
    expect(within(dialog).getByText('Not in a priced mode')).toBeDefined();
    expect(await requestsTo('POST', '/api/listings/batch-price')[0]?.json()).toEqual({
      listingIds: ['11', '13'],
      percent: 10,
      preview: true,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await within(dialog).findByText('Partly done: 1 succeeded, 1 failed');
    expect(await requestsTo('POST', '/api/listings/batch-price')[1]?.json()).toMatchObject({ preview: false });
  });

  it('says when there are no listings yet, with the way to list some', async () => {
    server.use(http.get('/api/listings', () => ok(page([], {}))));
    renderAt();
    const empty = await screen.findByTestId('seller-empty');
    expect(within(empty).getByText('No listings yet')).toBeDefined();
    expect(within(empty).getByRole('link', { name: 'List domains' }).getAttribute('href')).toBe('/console/seller/new');
  });

  it('shows the error with a retry when the list cannot load', async () => {
    server.use(http.get('/api/listings', () => fail('Request.Failed', { status: 500 })));
    renderAt();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('shows a table on wide screens, in Chinese', async () => {
    setRenderEnv({ nowMs: Date.now(), timeZone: 'UTC', session: null, phone: false, clockOffsetMs: 0 });
    try {
      renderAt('/console/seller', 'zh-CN');
      const table = await screen.findByRole('table', { name: '卖家中心' });
      await within(table).findByText('beta.io');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((c) => c.textContent),
      ).toEqual(['', '域名', '出售方式', '价格', '浏览与报价', '状态', '快捷上架', '到期', '操作']);
      expect(screen.getByRole('tab', { name: '全部 (14)' })).toBeDefined();
      expect(screen.getByRole('link', { name: '上架域名' })).toBeDefined();
      expect(rowWith('alpha.com').textContent).toContain('佣金 5%，锁定至 2027');
    } finally {
      setRenderEnv(null);
    }
  });
  it('shows the fee lock, the views and the open offers (a link to them) of each listing', async () => {
    server.use(
      // Today's commission, for a lock that ended: the server's parameter, changed by an operator.
      publicParametersHandler({ commissionBps: 450 }),
      http.get('/api/listings', () =>
        ok(
          page([
            { ...ALPHA, commissionBps: 350, feeLockedUntil: '2027-11-20T12:00:00.000Z', views: 1_234, openOffers: 2 },
            { ...BETA, feeLockedUntil: '2026-01-10T12:00:00.000Z', views: 1 },
          ]),
        ),
      ),
    );
    renderAt();
    await screen.findByText('alpha.com');
    const alpha = rowWith('alpha.com');
    expect(within(alpha).getByTestId('fee-lock').textContent).toBe('Commission 3.5% locked until 11/20/2027');
    expect(alpha.textContent).toContain('1,234 views');
    const offers = within(alpha).getByRole('link', { name: '2 open offers on alpha.com' });
    expect(offers.textContent).toBe('2 open offers');
    expect(offers.getAttribute('href')).toBe('/console/offers?role=seller&listingId=11');
    // A lock that ended: today's rate applies (the server's commission parameter).
    const beta = rowWith('beta.io');
    await waitFor(() =>
      expect(within(beta).getByTestId('fee-lock').textContent).toBe('Fee lock ended 01/10/2026: commission 4.5% now'),
    );
    expect(beta.textContent).toContain('1 view');
    expect(beta.textContent).toContain('No open offers');
    expect(within(beta).queryByRole('link', { name: /open offer/ })).toBeNull();
  });
});
