import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { locationOf, renderWithProviders } from '../../../lib/testing/index.ts';
import { DomainSearch } from './hero-search.tsx';

function renderSearch() {
  return renderWithProviders(<DomainSearch />, {
    route: '/',
    routes: [{ path: '/sale', element: <p>bidding page</p> }],
  });
}

describe('DomainSearch', () => {
  it('opens the bidding page with the trimmed keyword', async () => {
    const { user, router } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Search domains' }), '  brand.com  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('bidding page');
    expect(router.state.location.pathname).toBe('/sale');
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('brand.com');
  });

  it('opens the bidding page without a keyword when the box is empty', async () => {
    const { user, router } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Search domains' }), '   {Enter}');
    await screen.findByText('bidding page');
    expect(locationOf(router)).toBe('/sale');
  });
});
