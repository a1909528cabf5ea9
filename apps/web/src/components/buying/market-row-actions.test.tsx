import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, locationOf, ok, renderWithProviders, requestsTo, server } from '../../lib/testing/index.ts';
import { writeUserInfo } from '../../lib/user-storage.ts';
import { MarketRowActions } from './market-row-actions.tsx';
import { buyResultFixture } from './test-fixtures.ts';

const ROW = { listingId: '11', domain: 'cloudshop.com', mode: 'fixed' as const, priceCents: 129_900, floorCents: null };

function renderRow(listing = ROW) {
  return renderWithProviders(<MarketRowActions listing={listing} />, {
    path: '/market',
    route: 'market',
    session: true,
    routes: [{ path: 'account/login', element: <p>login page</p> }],
  });
}

describe('market row actions', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('has nothing for a listing without a buy-now price', () => {
    renderRow({ ...ROW, mode: 'offer' as never, priceCents: null as never });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends a visitor to sign in', async () => {
    const { user, router } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Add cloudshop.com to cart' }));
    expect(locationOf(router)).toBe('/account/login?redirect=%2Fmarket');
  });

  it('buys from the row with the balance asked for the dialog', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    server.use(
      http.get('/api/funds/summary', () => ok({ availableCents: 200_000 })),
      http.post('/api/listings/11/buy', () => ok(buyResultFixture())),
    );
    const { user } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Buy cloudshop.com now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy cloudshop.com' });
    await waitFor(() => expect(within(dialog).getByTestId('buy-now-balance').textContent).toBe('$2,000.00'));
    await user.click(within(dialog).getByRole('button', { name: 'Buy and pay' }));
    expect(await screen.findByRole('dialog', { name: 'Purchase complete' })).toBeTruthy();
    expect(requestsTo('POST', '/api/listings/11/buy')).toHaveLength(1);
  });
});
