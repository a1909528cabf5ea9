import { type Cart, type CartItem, CartSchema, type CheckoutResult } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { delay, http, locationOf, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { CartPage } from './cart-page.tsx';

const CART = '/api/cart';
const CHECKOUT = '/api/cart/checkout';

function line(listingId: string, patch: Partial<CartItem> = {}): CartItem {
  const price = patch.priceCents ?? 10_000;
  return {
    listingId,
    domain: `shop${listingId}.com`,
    mode: 'fixed',
    status: 'on_sale',
    available: true,
    unavailableReason: null,
    priceCents: price,
    addedPriceCents: price,
    priceChanged: false,
    taxCents: Math.round(price * 0.06),
    totalCents: price + Math.round(price * 0.06),
    logoUrl: null,
    addedAt: '2026-11-27T02:00:00.000Z',
    ...patch,
  };
}

function cartOf(items: CartItem[], patch: Partial<Cart> = {}): Cart {
  const ready = items.filter((item) => item.available);
  const subtotal = ready.reduce((sum, item) => sum + (item.priceCents ?? 0), 0);
  const tax = ready.reduce((sum, item) => sum + item.taxCents, 0);
  return CartSchema.parse({
    items,
    count: items.length,
    subtotalCents: subtotal,
    taxCents: tax,
    totalCents: subtotal + tax,
    availableBalanceCents: 1_000_000,
    shortfallCents: 0,
    ...patch,
  });
}

const MIXED = cartOf(
  [
    line('1'),
    line('2', { priceCents: 12_000, addedPriceCents: 10_000, priceChanged: true, taxCents: 720, totalCents: 12_720 }),
    line('3', { available: false, status: 'sold', unavailableReason: 'sold' }),
  ],
  { availableBalanceCents: 5_000, shortfallCents: 18_320 },
);

function renderCart(locale?: 'zh-CN') {
  return renderWithProviders(<CartPage />, {
    path: '/console/cart',
    route: 'console/cart',
    locale,
    routes: [
      { path: 'market', element: <p>market page</p> },
      { path: 'console/fund/recharge', element: <p>recharge page</p> },
      { path: 'console/order/list', element: <p>order list</p> },
    ],
  });
}

describe('cart page', { timeout: 30_000 }, () => {
  it('shows each line as it is now, the totals with tax, the balance and the shortfall with a recharge link', async () => {
    server.use(http.get(CART, () => ok(MIXED)));
    const { user, router } = renderCart();
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(3);
    expect(lines[1]?.textContent).toContain('Price changed from $100.00');
    expect(lines[1]?.textContent).toContain('$120.00');
    expect(lines[2]?.textContent).toContain('This domain has just been sold');
    expect(screen.getByTestId('cart-total').textContent).toBe('$233.20');
    expect(screen.getByTestId('cart-balance').textContent).toBe('$50.00');
    expect(screen.getByTestId('cart-shortfall').textContent).toContain('$183.20');
    expect(screen.getByText('1 domain waits for you to confirm its new price.')).toBeTruthy();
    // Only the ready line is checked out until the changed price is confirmed.
    expect(screen.getByRole('button', { name: 'Check out 1 domain' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Recharge' }));
    expect(locationOf(router)).toBe('/console/fund/recharge?amount=183.20');
  });

  it('confirms a changed price and removes a line', async () => {
    let items = MIXED.items;
    server.use(
      http.get(CART, () => ok(cartOf(items))),
      http.post(CART, () => {
        items = items.map((item) =>
          item.listingId === '2' ? { ...item, addedPriceCents: 12_000, priceChanged: false } : item,
        );
        return ok({});
      }),
      http.delete(`${CART}/3`, () => {
        items = items.filter((item) => item.listingId !== '3');
        return ok({});
      }),
    );
    const { user } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Confirm the new price of shop2.com' }));
    expect(await screen.findByRole('button', { name: 'Check out 2 domains' })).toBeTruthy();
    expect(await requestsTo('POST', CART)[0]?.json()).toEqual({ listingId: '2' });
    await user.click(screen.getByRole('button', { name: 'Remove shop3.com from the cart' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    expect(requestsTo('DELETE', `${CART}/3`)).toHaveLength(1);
  });

  it('shows the empty cart with a way to the market', async () => {
    server.use(http.get(CART, () => ok(cartOf([]))));
    const { user, router } = renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Browse domains for sale' }));
    expect(locationOf(router)).toBe('/market');
  });

  it('checks out in slices with a progress bar, then reports what was bought and what failed', async () => {
    const items = Array.from({ length: 12 }, (_, i) => line(String(i + 1)));
    let current = cartOf(items);
    let release: (() => void) | null = null;
    server.use(
      http.get(CART, () => ok(current)),
      http.post(CHECKOUT, async ({ request }) => {
        const body = (await request.json()) as { items: { listingId: string; priceCents: number }[] };
        if (body.items.some((item) => item.listingId === '11')) {
          // The second slice waits until the test has seen the bar move.
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
        const result: CheckoutResult = {
          orders: body.items
            .filter((item) => item.listingId !== '3' && item.listingId !== '12')
            .map((item) => ({
              orderId: `O${item.listingId}`,
              listingId: item.listingId,
              domain: `shop${item.listingId}.com`,
              status: 'paid_awaiting_delivery',
              paid: true,
              amountCents: 10_600,
            })),
          failed: body.items
            .filter((item) => item.listingId === '3' || item.listingId === '12')
            .map((item) =>
              item.listingId === '3'
                ? {
                    listingId: '3',
                    domain: 'shop3.com',
                    code: 'Commodity.PurchaseFailed',
                    message: 'Purchase Failed: this domain has been sold',
                  }
                : {
                    listingId: '12',
                    domain: null,
                    code: 'Cart.PriceChanged',
                    message: 'The price has changed. Confirm the new price to buy it',
                    priceCents: 15_000,
                  },
            ),
          paidCents: 10_600 * body.items.filter((item) => item.listingId !== '3' && item.listingId !== '12').length,
        };
        return ok(result);
      }),
      http.post(CART, () => ok({})),
    );
    const { user, router } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Check out 12 domains' }));
    const bar = await screen.findByRole('progressbar', { name: 'Checkout progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('83'));
    expect(screen.getByText('Checked out 10 of 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checking out…' })).toHaveProperty('disabled', true);
    current = cartOf([line('3', { available: false, unavailableReason: 'sold' }), line('12')]);
    await waitFor(() => expect(release).not.toBeNull());
    (release as unknown as () => void)();

    const report = await screen.findByTestId('checkout-report');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(report).getByText('Bought 10, failed 2')).toBeTruthy();
    const sent = await Promise.all(requestsTo('POST', CHECKOUT).map((request) => request.json()));
    expect(sent.map((body) => body.items.length)).toEqual([10, 2]);
    expect(sent[0].items[0]).toEqual({ listingId: '1', priceCents: 10_000 });
    const failed = within(report).getAllByTestId('checkout-failed-line');
    expect(failed[0]?.textContent).toContain('shop3.com: Purchase Failed: this domain has been sold');
    // The server named no domain: the page knows it from the cart as it was.
    expect(failed[1]?.textContent).toContain('shop12.com');
    await user.click(within(report).getByRole('button', { name: 'Confirm $150.00 for shop12.com' }));
    expect(await within(report).findByText('Confirmed: check out again to buy it')).toBeTruthy();
    expect(await requestsTo('POST', CART)[0]?.json()).toEqual({ listingId: '12' });
    await user.click(within(report).getByRole('link', { name: 'The order for shop1.com' }));
    expect(locationOf(router)).toBe('/console/order/list?orderId=O1');
  });

  it('reports each line of a slice that failed as a whole and goes on', async () => {
    server.use(
      http.get(CART, () => ok(cartOf([line('1')]))),
      http.post(CHECKOUT, async () => {
        await delay(10);
        return new Response('boom', { status: 502 });
      }),
    );
    const { user } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Check out 1 domain' }));
    const report = await screen.findByTestId('checkout-report');
    expect(within(report).getByText('Bought 0, failed 1')).toBeTruthy();
    expect(within(report).getByTestId('checkout-failed-line').textContent).toContain('shop1.com');
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

    it('lays the lines out as a table, in Chinese too', async () => {
      server.use(http.get(CART, () => ok(MIXED)));
      renderCart('zh-CN');
      const table = await screen.findByRole('table', { name: '购物车中的域名' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
      expect(headers).toEqual(['域名', '当前价格', '状态', '操作']);
      expect(within(table).getByText('价格已从 $100.00 变动')).toBeTruthy();
      expect(screen.getByRole('button', { name: '结算 1 个域名' })).toBeTruthy();
    });
  });
});
