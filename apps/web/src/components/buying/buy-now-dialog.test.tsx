import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { publicParametersHandler } from '../../lib/public-parameters.test-support.ts';
import { fail, http, locationOf, ok, renderWithProviders, requestsTo, server } from '../../lib/testing/index.ts';
import { writeUserInfo } from '../../lib/user-storage.ts';
import { type BuyableListing, ListingBuyActions } from './listing-buy-actions.tsx';
import { buyResultFixture, mineFixture } from './test-fixtures.ts';

const MINE = '/api/market/cloudshop.com/mine';
const BUY = '/api/listings/11/buy';

const FIXED: BuyableListing = {
  listingId: '11',
  domain: 'cloudshop.com',
  mode: 'fixed',
  priceCents: 129_900,
  floorCents: null,
};

function renderActions(listing: BuyableListing = FIXED, locale?: 'zh-CN') {
  return renderWithProviders(<ListingBuyActions listing={listing} />, {
    path: '/market/cloudshop.com',
    route: 'market/:domain',
    session: true,
    locale,
    routes: [
      { path: 'account/login', element: <p>login page</p> },
      { path: 'console/order/list', element: <p>order list</p> },
      { path: 'console/fund/recharge', element: <p>recharge page</p> },
    ],
  });
}

async function openBuyDialog(user: ReturnType<typeof renderActions>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Buy now' }));
  return screen.findByRole('dialog', { name: 'Buy cloudshop.com' });
}

describe('buy now', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('shows a visitor the buttons, asks nothing about them, and sends them to sign in', async () => {
    const { user, router } = renderActions();
    expect(screen.getByRole('button', { name: 'Add cloudshop.com to cart' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Watch this domain' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(locationOf(router)).toBe('/account/login?redirect=%2Fmarket%2Fcloudshop.com');
    expect(requestsTo('GET', MINE)).toHaveLength(0);
  });

  describe('signed in', () => {
    beforeEach(() => writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' }));

    it('charges the tax rate the server holds now (a parameter an operator changed)', async () => {
      server.use(
        publicParametersHandler({ taxRateBps: 800 }),
        http.get(MINE, () => ok(mineFixture())),
      );
      const { user } = renderActions();
      await waitFor(() => expect(requestsTo('GET', MINE)).toHaveLength(1));
      const dialog = await openBuyDialog(user);
      // $1,299.00 + 8% ($103.92).
      await waitFor(() => expect(within(dialog).getByTestId('buy-now-total').textContent).toBe('$1,402.92'));
      expect(within(dialog).getByTestId('buy-now-amounts').textContent).toContain('$103.92');
    });

    it('shows price, tax, total and balance, buys at the price seen, then links to the order and My domains', async () => {
      server.use(
        http.get(MINE, () => ok(mineFixture())),
        http.post(BUY, () => ok(buyResultFixture())),
      );
      const { user, router } = renderActions();
      await waitFor(() => expect(requestsTo('GET', MINE)).toHaveLength(1));
      const dialog = await openBuyDialog(user);
      const amounts = within(dialog).getByTestId('buy-now-amounts');
      expect(amounts.textContent).toContain('$1,299.00');
      await waitFor(() => expect(amounts.textContent).toContain('$77.94')); // 6 % tax (the parameter's default)
      expect(within(dialog).getByTestId('buy-now-total').textContent).toBe('$1,376.94');
      expect(within(dialog).getByTestId('buy-now-balance').textContent).toBe('$5,000.00');

      await user.click(within(dialog).getByRole('button', { name: 'Buy and pay' }));
      const done = await screen.findByRole('dialog', { name: 'Purchase complete' });
      expect(await requestsTo('POST', BUY)[0]?.json()).toEqual({ expectedPriceCents: 129_900 });
      expect(requestsTo('POST', BUY)[0]?.headers.get('Idempotency-Key')).toBeTruthy();
      expect(within(done).getByRole('link', { name: 'My domains' }).getAttribute('href')).toBe('/console/domain/list');
      await user.click(within(done).getByRole('link', { name: 'View the order' }));
      expect(locationOf(router)).toBe('/console/order/list?orderId=O77');
    });

    it('says Insufficient balance with the recharge link and the pay-by when the order is not paid', async () => {
      server.use(
        http.get(MINE, () => ok(mineFixture({ availableBalanceCents: 100_000 }))),
        http.post(BUY, () =>
          ok(
            buyResultFixture({
              paid: false,
              status: 'awaiting_payment',
              shortfallCents: 37_694,
              payBy: '2026-11-30T02:00:00.000Z',
            }),
          ),
        ),
      );
      const { user, router } = renderActions();
      await waitFor(() => expect(requestsTo('GET', MINE)).toHaveLength(1));
      const dialog = await openBuyDialog(user);
      await waitFor(() => expect(within(dialog).getByTestId('buy-now-balance').textContent).toBe('$1,000.00'));
      expect(within(dialog).getByTestId('buy-now-short').textContent).toContain('$376.94');
      await user.click(within(dialog).getByRole('button', { name: 'Buy and pay' }));
      const unpaid = await screen.findByRole('dialog', { name: 'Insufficient balance' });
      expect(unpaid.textContent).toContain('$376.94');
      expect(unpaid.textContent).toContain('Pay by');
      expect(unpaid.textContent).toContain('2026');
      await user.click(within(unpaid).getByRole('link', { name: 'Recharge' }));
      expect(locationOf(router)).toBe('/console/fund/recharge?amount=376.94');
    });

    it('words a refusal: sold', async () => {
      server.use(
        http.get(MINE, () => ok(mineFixture())),
        http.post(BUY, () => fail('Commodity.PurchaseFailed', { data: { reason: 'sold' } })),
      );
      const { user } = renderActions();
      const dialog = await openBuyDialog(user);
      await user.click(within(dialog).getByRole('button', { name: 'Buy and pay' }));
      expect((await within(dialog).findByTestId('buy-now-failure')).textContent).toBe(
        'Purchase Failed: This domain has just been sold',
      );
      expect(within(dialog).queryByRole('button', { name: 'Buy and pay' })).toBeNull();
    });

    it('shows a changed price and buys at it once accepted', async () => {
      let calls = 0;
      server.use(
        http.get(MINE, () => ok(mineFixture())),
        http.post(BUY, () => {
          calls += 1;
          return calls === 1
            ? fail('Commodity.PurchaseFailed', { data: { reason: 'price_changed', priceCents: 99_900 } })
            : ok(buyResultFixture({ priceCents: 99_900, amountCents: 105_894 }));
        }),
      );
      const { user } = renderActions();
      const dialog = await openBuyDialog(user);
      await user.click(within(dialog).getByRole('button', { name: 'Buy and pay' }));
      expect((await within(dialog).findByTestId('buy-now-failure')).textContent).toContain('$999.00');
      await user.click(within(dialog).getByRole('button', { name: 'Accept $999.00' }));
      expect(within(dialog).getByTestId('buy-now-total').textContent).toBe('$1,058.94');
      await user.click(within(dialog).getByRole('button', { name: 'Buy and pay' }));
      await screen.findByRole('dialog', { name: 'Purchase complete' });
      expect(await requestsTo('POST', BUY)[1]?.json()).toEqual({ expectedPriceCents: 99_900 });
    });

    it('opens the contact-information dialog when the buyer’s details are incomplete', async () => {
      server.use(
        http.get(MINE, () => ok(mineFixture())),
        http.post(BUY, () => fail('Commodity.UserContactInfoIncomplete')),
      );
      const { user } = renderActions();
      const dialog = await openBuyDialog(user);
      await user.click(within(dialog).getByRole('button', { name: 'Buy and pay' }));
      expect(await screen.findByRole('dialog', { name: 'Complete your contact information' })).toBeTruthy();
      expect(within(dialog).queryByTestId('buy-now-failure')).toBeNull();
    });

    it('shows the seller no buying buttons on their own listing', async () => {
      server.use(http.get(MINE, () => ok(mineFixture({ isOwn: true }))));
      renderActions();
      expect(await screen.findByTestId('listing-own')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
      expect(screen.queryByRole('button', { name: /cart/ })).toBeNull();
    });

    it('adds to the cart, then says In cart', async () => {
      server.use(
        http.get(MINE, () => ok(mineFixture())),
        http.post('/api/cart', () => ok({})),
      );
      const { user } = renderActions();
      await waitFor(() => expect(requestsTo('GET', MINE)).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Add cloudshop.com to cart' }));
      const inCart = await screen.findByRole('link', { name: 'cloudshop.com is in your cart: open the cart' });
      expect(inCart.getAttribute('href')).toBe('/console/cart');
      expect(await requestsTo('POST', '/api/cart')[0]?.json()).toEqual({ listingId: '11' });
    });

    it('stars and unstars the listing', async () => {
      let watched = false;
      server.use(
        http.get(MINE, () => ok(mineFixture({ isWatched: watched }))),
        http.post('/api/watchlist', () => {
          watched = true;
          return ok({ listingId: '11', isWatched: true });
        }),
        http.delete('/api/watchlist/listings/11', () => {
          watched = false;
          return ok({ listingId: '11', isWatched: false });
        }),
      );
      const { user } = renderActions();
      await waitFor(() => expect(requestsTo('GET', MINE)).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Watch this domain' }));
      const star = await screen.findByRole('button', { name: 'Stop watching this domain' });
      expect(star.getAttribute('aria-pressed')).toBe('true');
      expect(await requestsTo('POST', '/api/watchlist')[0]?.json()).toEqual({ listingId: '11' });
      // The buyer's state is asked again once the server answered (a star clicked mid-load must not stay unknown).
      await waitFor(() => expect(requestsTo('GET', MINE)).toHaveLength(2));
      expect(screen.getByRole('button', { name: 'Stop watching this domain' })).toBeTruthy();
      await user.click(star);
      await waitFor(() => expect(requestsTo('DELETE', '/api/watchlist/listings/11')).toHaveLength(1));
      expect(await screen.findByRole('button', { name: 'Watch this domain' })).toBeTruthy();
    });

    it('speaks Chinese', async () => {
      server.use(http.get(MINE, () => ok(mineFixture())));
      const { user } = renderActions(FIXED, 'zh-CN');
      await user.click(await screen.findByRole('button', { name: '立即购买' }));
      const dialog = await screen.findByRole('dialog', { name: '购买 cloudshop.com' });
      expect(within(dialog).getByRole('button', { name: '购买并支付' })).toBeTruthy();
      expect(dialog.textContent).toContain('税费');
    });
  });
});
