import type { AuctionSummary, Page, WatchedListing } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { auctionFixture } from '../../../lib/testing/fixtures.ts';
import {
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  rowWith,
  server,
} from '../../../lib/testing/index.ts';
import { writeUserInfo } from '../../../lib/user-storage.ts';
import { WatchlistPage } from './watchlist-page.tsx';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function lot(patch: Partial<AuctionSummary>): AuctionSummary {
  const {
    partner: _p,
    incrementCents: _i,
    startPriceCents: _s,
    scheduledEndsAt: _e,
    latestEndsAt: _l,
    ...summary
  } = auctionFixture({ isWatched: true, endsAt: inHours(5), ...patch });
  return summary as AuctionSummary;
}

function listing(patch: Partial<WatchedListing>): WatchedListing {
  return {
    listingId: 'L1',
    domain: 'shop.com',
    mode: 'fixed',
    status: 'on_sale',
    available: true,
    priceCents: 25_000,
    floorCents: null,
    expiresAt: inHours(50),
    timeLeftSeconds: 50 * 3_600,
    logoUrl: null,
    watchedAt: '2026-01-10T12:00:00.000Z',
    ...patch,
  };
}

const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length, page: 1, pageSize: 10 });

function renderAt(path = '/console/watchlist') {
  return renderWithProviders(<WatchlistPage />, { path, route: '/console/watchlist', session: true });
}

describe('<WatchlistPage>', { timeout: 20_000 }, () => {
  let lots: AuctionSummary[];
  let listings: WatchedListing[];
  beforeEach(() => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    lots = [
      lot({ auctionId: 'A1', domain: 'alpha.com', currentPriceCents: 2_000, bidCount: 3 }),
      lot({ auctionId: 'A2', domain: 'over.net', status: 'ended', winningPriceCents: 9_900, endsAt: inHours(-2) }),
    ];
    listings = [
      listing({}),
      listing({
        listingId: 'L2',
        domain: 'talk.io',
        mode: 'offer',
        priceCents: null,
        floorCents: 10_000,
        expiresAt: null,
        timeLeftSeconds: null,
      }),
      listing({ listingId: 'L3', domain: 'gone.org', status: 'sold', available: false }),
    ];
    server.use(
      http.get('/api/watchlist', () => ok(page(lots))),
      http.get('/api/watchlist/listings', () => ok(page(listings))),
      http.delete('/api/watchlist/:auctionId', ({ params }) => {
        lots = lots.filter((item) => item.auctionId !== params.auctionId);
        return ok({ auctionId: params.auctionId, isWatched: false });
      }),
      http.delete('/api/watchlist/listings/:listingId', ({ params }) => {
        listings = listings.filter((item) => item.listingId !== params.listingId);
        return ok({ listingId: params.listingId, isWatched: false });
      }),
    );
  });

  it('lists the watched lots with price, bids, time left and status', async () => {
    renderAt();
    await screen.findByText('over.net');
    expect(screen.getByRole('tab', { name: /^Auctions/, selected: true })).toBeDefined();
    // Each tab tells how many it holds, so that watched listings are not hidden behind the first tab.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Fixed price & offers (3)' })).toBeDefined());
    const open = rowWith('alpha.com');
    expect(within(open).getByRole('link', { name: 'Open the lot alpha.com' }).getAttribute('href')).toBe('/sale/A1');
    expect(open.textContent).toContain('Current bid$20.00');
    expect(open.textContent).toContain('3 bids');
    expect(open.textContent).toContain('Bidding');
    expect(within(open).getByRole('timer').textContent).toMatch(/^(04:59:\d\d|05:00:00)$/);
    const ended = rowWith('over.net');
    expect(ended.textContent).toContain('Winning price$99.00');
    expect(ended.textContent).toContain('Ended');
    expect(requestsTo('GET', '/api/watchlist').map(queryOf)).toEqual([{ page: '1', pageSize: '10' }]);
  });

  it('removes a lot from the watchlist', async () => {
    const { user } = renderAt();
    await screen.findByText('alpha.com');
    await user.click(screen.getByRole('button', { name: 'Remove alpha.com from the watchlist' }));
    await waitFor(() => expect(screen.queryByText('alpha.com')).toBeNull());
    expect(requestsTo('DELETE', '/api/watchlist/A1')).toHaveLength(1);
    expect(screen.getByText('over.net')).toBeDefined();
  });

  it('lists the watched listings with price, time left and whether they are on sale, in their own tab', async () => {
    const { user, router } = renderAt();
    await screen.findByText('alpha.com');
    await user.click(screen.getByRole('tab', { name: /^Fixed price & offers/ }));
    await screen.findByText('gone.org');
    expect(locationOf(router)).toBe('/console/watchlist?tab=listings');
    const fixed = rowWith('shop.com');
    expect(within(fixed).getByRole('link', { name: 'Open shop.com in the market' }).getAttribute('href')).toBe(
      '/market/shop.com',
    );
    expect(fixed.textContent).toContain('Buy now');
    expect(fixed.textContent).toContain('$250.00');
    expect(fixed.textContent).toContain('On sale');
    expect(within(fixed).getByRole('timer').textContent).toMatch(/^(2d 01:59:\d\d|2d 02:00:00)$/);
    const offer = rowWith('talk.io');
    expect(offer.textContent).toContain('Open to offers');
    expect(offer.textContent).toContain('Offers from $100.00');
    expect(offer.textContent).toContain('No end date');
    expect(within(offer).getByRole('link', { name: 'Make an offer on talk.io' }).getAttribute('href')).toBe(
      '/market/talk.io',
    );
    const sold = rowWith('gone.org');
    expect(sold.textContent).toContain('Sold');
    expect(within(sold).queryByTestId('add-to-cart')).toBeNull();
  });

  it('adds an available buy-now listing to the cart', async () => {
    server.use(http.post('/api/cart', () => ok({})));
    const { user } = renderAt('/console/watchlist?tab=listings');
    await screen.findByText('gone.org');
    await user.click(screen.getByRole('button', { name: 'Add shop.com to cart' }));
    expect(await screen.findByRole('link', { name: 'shop.com is in your cart: open the cart' })).toBeDefined();
    expect(await requestsTo('POST', '/api/cart')[0]?.json()).toEqual({ listingId: 'L1' });
  });

  it('removes a listing from the watchlist', async () => {
    const { user } = renderAt('/console/watchlist?tab=listings');
    await screen.findByText('gone.org');
    await user.click(screen.getByRole('button', { name: 'Remove gone.org from the watchlist' }));
    await waitFor(() => expect(screen.queryByText('gone.org')).toBeNull());
    expect(requestsTo('DELETE', '/api/watchlist/listings/L3')).toHaveLength(1);
  });

  it('says so when nothing is watched', async () => {
    lots = [];
    renderAt();
    expect(await screen.findByText('No auctions on your watchlist')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse auctions' }).getAttribute('href')).toBe('/sale');
  });
});
