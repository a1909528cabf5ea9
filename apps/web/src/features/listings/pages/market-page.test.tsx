import type { MarketListing, MarketPage as MarketResults } from '@namebourse/contract';
import { MarketPageSchema } from '@namebourse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  fillIn,
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { MarketPage } from './market-page.tsx';

const MARKET = '/api/market';

const FIXED: MarketListing = {
  listingId: '11',
  domain: 'cloudshop.com',
  tld: 'com',
  length: 9,
  mode: 'fixed',
  priceCents: 129_900,
  floorCents: null,
  industries: ['ecommerce', 'technology'],
  keywords: ['cloud', 'shop'],
  description: 'A short brandable name for an online store.',
  logoUrl: '/api/listings/logos/L11.svg',
  listedAt: '2026-11-20T02:00:00.000Z',
};
const OFFER: MarketListing = {
  ...FIXED,
  listingId: '12',
  domain: 'botmind.ai',
  tld: 'ai',
  length: 7,
  mode: 'offer',
  priceCents: null,
  floorCents: 50_000,
  industries: ['ai'],
  description: null,
  logoUrl: null,
};

function page(items: MarketListing[], extra: Partial<MarketResults> = {}): MarketResults {
  // The fixture is checked against the contract, so the page is tested against what the server sends.
  return MarketPageSchema.parse({ items, total: items.length, page: 1, pageSize: 24, totalEstimated: false, ...extra });
}

function renderMarket(path = '/market', answer: () => MarketResults = () => page([FIXED, OFFER]), locale?: 'zh-CN') {
  server.use(http.get(MARKET, () => ok(answer())));
  return renderWithProviders(<MarketPage />, { path, route: 'market', locale, session: true });
}

const lastQuery = () => queryOf(requestsTo('GET', MARKET).at(-1) as Request);

describe('market page', { timeout: 40_000 }, () => {
  it('shows each listing with its logo, price, industries, description and a link to its page', async () => {
    renderMarket();
    const fixed = await screen.findByRole('link', { name: 'cloudshop.com' });
    expect(fixed.getAttribute('href')).toBe('/market/cloudshop.com');
    const card = fixed.closest('li') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'cloudshop.com logo' }).getAttribute('src')).toBe(
      '/api/listings/logos/L11.svg',
    );
    expect(card.textContent).toContain('$1,299.00');
    expect(card.textContent).toContain('A short brandable name for an online store.');
    expect(within(card).getByRole('list', { name: 'Industries' }).textContent).toContain('E-commerce');
    // A fixed-price row can be bought or put in the cart from the list; an offer row without a price cannot.
    expect(within(card).getByRole('button', { name: 'Buy cloudshop.com now' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Add cloudshop.com to cart' })).toBeTruthy();
    const offerCard = screen.getByRole('link', { name: 'botmind.ai' }).closest('li') as HTMLElement;
    expect(within(offerCard).queryByRole('button')).toBeNull();

    const offer = offerCard.textContent;
    expect(offer).toContain('Make offer');
    expect(offer).toContain('Minimum offer $500.00');
    expect(screen.getByTestId('market-total').textContent).toBe('2 domains');
    expect(lastQuery()).toMatchObject({ sort: 'newest', page: '1', pageSize: '24' });
  });

  it('shows the first letter instead of a logo that fails to load', async () => {
    renderMarket();
    const card = (await screen.findByRole('link', { name: 'cloudshop.com' })).closest('li') as HTMLElement;
    fireEvent.error(within(card).getByRole('img', { name: 'cloudshop.com logo' }));
    await waitFor(() => expect(within(card).queryByRole('img')).toBeNull());
    expect(within(card).getByTestId('market-logo-fallback').textContent).toBe('c');
  });

  it('names industries in the reader language and shows an estimated total as "about"', async () => {
    renderMarket('/market', () => page([FIXED], { total: 12_000, totalEstimated: true }), 'zh-CN');
    await screen.findByRole('link', { name: 'cloudshop.com' });
    expect(screen.getByTestId('market-total').textContent).toBe('约 12,000 个域名');
    expect(document.body.textContent).toContain('电子商务');
  });

  it('sends the search from the address, with prices in cents', async () => {
    renderMarket('/market?q=cloud&minPrice=10&maxPrice=99.5&industry=ai&mode=offer&tld=io&sort=price_asc&page=2');
    await screen.findByRole('link', { name: 'cloudshop.com' });
    expect(lastQuery()).toMatchObject({
      q: 'cloud',
      minPrice: '1000',
      maxPrice: '9950',
      industry: 'ai',
      mode: 'offer',
      tld: 'io',
      sort: 'price_asc',
      page: '2',
    });
  });

  it('writes the filters and the search box to the address, and asks again', async () => {
    const { user, router } = renderMarket();
    await screen.findByRole('link', { name: 'cloudshop.com' });

    await fillIn(user, screen.getByRole('textbox', { name: 'Search domains' }), 'shop');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(locationOf(router)).toBe('/market?q=shop'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'shop' }));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByTestId('market-filter-panel');
    await fillIn(user, within(drawer).getByRole('textbox', { name: 'Min price' }), '20');
    await user.click(within(drawer).getByRole('button', { name: '.com' }));
    await user.click(within(drawer).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(locationOf(router)).toBe('/market?q=shop&minPrice=20&tld=com'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'shop', minPrice: '2000', tld: 'com' }));
  });

  it('refuses a reversed price range in the form and does not search with it', async () => {
    const { user, router } = renderMarket();
    await screen.findByRole('link', { name: 'cloudshop.com' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByTestId('market-filter-panel');
    await fillIn(user, within(drawer).getByRole('textbox', { name: 'Min price' }), '100');
    await fillIn(user, within(drawer).getByRole('textbox', { name: 'Max price' }), '5');
    await user.click(within(drawer).getByRole('button', { name: 'Apply filters' }));
    await within(drawer).findByText('Invalid range: max must be ≥ min');
    expect(locationOf(router)).toBe('/market');
  });

  it('shows the empty state with a reset that clears the search', async () => {
    const { user, router } = renderMarket('/market?q=zzzz&tld=io', () => page([]));
    await screen.findByText('No domains match your search');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(locationOf(router)).toBe('/market'));
  });

  it('shows a failed search with a retry that asks again', async () => {
    let calls = 0;
    server.use(
      http.get(MARKET, () => {
        calls += 1;
        return calls === 1 ? fail('Request.Failed') : ok(page([FIXED]));
      }),
    );
    const { user } = renderWithProviders(<MarketPage />, { path: '/market', route: 'market', session: true });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'cloudshop.com' })).toBeTruthy();
  });

  it('changes page and sort through the address', async () => {
    const { user, router } = renderMarket('/market', () => page([FIXED, OFFER], { total: 60 }));
    await screen.findByRole('link', { name: 'cloudshop.com' });
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(locationOf(router)).toBe('/market?page=2'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));
  });
});
