import { type MarketDetail, MarketDetailSchema } from '@namebourse/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buyResultFixture, mineFixture } from '../../../components/buying/test-fixtures.ts';
import { fail, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { writeUserInfo } from '../../../lib/user-storage.ts';
import { marketListingHead } from '../lib/market-head.ts';
import { loadMarketListing } from '../ssr-data.ts';
import { MarketListingPage } from './market-listing-page.tsx';

const DETAIL = '/api/market/cloudshop.com';

const LISTING: MarketDetail = MarketDetailSchema.parse({
  listingId: '11',
  domain: 'cloudshop.com',
  tld: 'com',
  length: 9,
  mode: 'fixed',
  priceCents: 129_900,
  floorCents: null,
  industries: ['ecommerce'],
  keywords: ['cloud', 'store'],
  description: 'A short brandable name for an online store.',
  descriptionZh: '',
  descriptionEn: 'A short brandable name for an online store.',
  logoUrl: '/api/listings/logos/L11.svg',
  listedAt: '2026-11-20T02:00:00.000Z',
  auctionId: null,
  nextPrice: { date: '2026-12-15', priceCents: 99_900 },
  expiresAt: '2027-02-20T02:00:00.000Z',
  seller: 'NB****21',
  heldHere: true,
  serverTime: '2026-11-27T02:00:00.000Z',
});

function renderListing(answer: () => Response, options: { locale?: 'zh-CN'; path?: string } = {}) {
  server.use(http.get(DETAIL, answer));
  return renderWithProviders(<MarketListingPage />, {
    path: options.path ?? '/market/cloudshop.com',
    route: 'market/:domain',
    locale: options.locale,
    session: true,
  });
}

describe('market listing page', { timeout: 20_000 }, () => {
  it('shows the domain, logo, active and next price, description, keywords, seller and delivery', async () => {
    renderListing(() => ok(LISTING));
    expect(await screen.findByRole('heading', { level: 1, name: 'cloudshop.com' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'cloudshop.com logo' }).getAttribute('src')).toBe(
      '/api/listings/logos/L11.svg',
    );
    const panel = screen.getByTestId('market-price-panel');
    expect(within(panel).getByTestId('market-detail-price').textContent).toBe('$1,299.00');
    expect(within(panel).getByTestId('market-next-price').textContent).toBe('From 12/15/2026: $999.00');
    // A visitor sees the buyer's actions (each sends them to sign in); their own state is not asked.
    expect(within(panel).getByRole('button', { name: 'Buy now' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Add cloudshop.com to cart' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Watch this domain' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Make an offer' })).toBeNull();
    expect(requestsTo('GET', '/api/market/cloudshop.com/mine')).toHaveLength(0);
    expect(screen.getByTestId('market-detail-description').textContent).toBe(
      'A short brandable name for an online store.',
    );
    expect(screen.getByTestId('market-detail-keywords').textContent).toContain('store');
    expect(screen.getByTestId('market-detail-seller').textContent).toBe('NB****21');
    expect(document.body.textContent).toContain('Held on NameBourse');
    expect(screen.getByRole('link', { name: 'Domains for sale' }).getAttribute('href')).toBe('/market');
  });

  it('falls back to the other language when the reader’s description is empty', async () => {
    renderListing(() => ok(LISTING), { locale: 'zh-CN' });
    await screen.findByRole('heading', { level: 1, name: 'cloudshop.com' });
    expect(screen.getByTestId('market-detail-description').textContent).toBe(
      'A short brandable name for an online store.',
    );
    expect(screen.getByTestId('market-next-price').textContent).toContain('$999.00');
    expect(document.body.textContent).toContain('电子商务');
  });

  it('links a seller auction to its lot, with no buying buttons', async () => {
    renderListing(() => ok({ ...LISTING, mode: 'auction', auctionId: '77' }));
    const link = await screen.findByRole('link', { name: 'Go to the auction' });
    expect(link.getAttribute('href')).toBe('/sale/77');
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
  });

  it('asks a signed-in buyer’s state after loading and offers an offer listing’s actions', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    server.use(
      http.get('/api/market/cloudshop.com/mine', () =>
        ok({ isWatched: true, inCart: true, isOwn: false, offer: null, availableBalanceCents: 0 }),
      ),
    );
    renderListing(() => ok({ ...LISTING, mode: 'offer', floorCents: 50_000 }));
    const panel = await screen.findByTestId('market-price-panel');
    expect(within(panel).getByRole('button', { name: 'Make an offer' })).toBeTruthy();
    expect(await within(panel).findByRole('button', { name: 'Stop watching this domain' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'cloudshop.com is in your cart: open the cart' })).toBeTruthy();
    localStorage.clear();
  });

  it('keeps the page and the result after buying, though the listing is no longer on the market', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    let bought = false;
    server.use(
      http.get('/api/market/cloudshop.com/mine', () => ok(mineFixture({ availableBalanceCents: 500_000 }))),
      http.post('/api/listings/11/buy', () => {
        bought = true;
        return ok(buyResultFixture());
      }),
    );
    const { user } = renderListing(() => (bought ? fail('Listing.NotFound') : ok(LISTING)));
    const panel = await screen.findByTestId('market-price-panel');
    await user.click(await within(panel).findByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy cloudshop.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Buy and pay' }));
    const done = await screen.findByRole('dialog', { name: 'Purchase complete' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done.isConnected).toBe(true);
    expect(within(done).getByRole('link', { name: 'View the order' })).toBeTruthy();
    // Closed: the sold listing offers no Buy now or Add to cart any more, only its order.
    await user.click(within(done).getByRole('button', { name: 'Close' }));
    const note = await within(panel).findByTestId('listing-bought');
    expect(note.textContent).toContain('You bought this domain.');
    expect(within(note).getByRole('link', { name: 'View the order' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /cart/i })).toBeNull();
    localStorage.clear();
  });

  it('shows the 404 page for an unknown domain', async () => {
    renderListing(() => fail('Listing.NotFound'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('never asks the server about a malformed name', async () => {
    renderWithProviders(<MarketListingPage />, {
      path: '/market/not_a_domain',
      route: 'market/:domain',
      session: true,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(requestsTo('GET', '/api/market/not_a_domain')).toHaveLength(0);
    expect(requestsTo('GET', '/api/market/')).toHaveLength(0);
  });

  it('answers 404 from the server renderer for an unknown or malformed domain', async () => {
    server.use(http.get('/api/market/x.com', () => fail('Listing.NotFound')));
    const ssr = { queryClient: new QueryClient(), lng: 'en-US' };
    const args = (domain: string) => ({ params: { domain } }) as unknown as LoaderFunctionArgs;
    await expect(loadMarketListing(args('x.com'), ssr)).rejects.toMatchObject({ status: 404 });
    await expect(loadMarketListing(args('..bad'), ssr)).rejects.toMatchObject({ status: 404 });
  });

  it('describes the listing as a Product with a USD Offer for search engines', () => {
    const t = ((key: string, values: Record<string, string>) =>
      `${key}|${values.domain}|${values.price ?? ''}`) as never;
    const head = marketListingHead({ ...LISTING, description: LISTING.descriptionEn }, t, 'en-US');
    expect(head.title).toBe('market:detail.metaTitle|cloudshop.com|$1,299.00');
    expect(head.description).toBe('A short brandable name for an online store.');
    expect(head.jsonLd?.[0]).toMatchObject({
      '@type': 'Product',
      name: 'cloudshop.com',
      offers: { '@type': 'Offer', price: '1299.00', priceCurrency: 'USD' },
    });
  });
});
