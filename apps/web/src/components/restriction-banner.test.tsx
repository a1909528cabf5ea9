import type { MyRestriction } from '@namebourse/contract';
import { useMutation } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client.ts';
import { fail, http, ok, renderWithProviders, server } from '../lib/testing/index.ts';
import { RestrictionBanner } from './restriction-banner.tsx';

const MINE = '/api/account-manage/get-restrictions';

function renderWith(answer: MyRestriction, locale: 'en-US' | 'zh-CN' = 'en-US') {
  server.use(http.get(MINE, () => ok(answer)));
  return renderWithProviders(
    <>
      <RestrictionBanner />
      <p>page</p>
    </>,
    { locale },
  );
}

describe('console restriction banner', () => {
  it('says the account is restricted, what, why, until when, and how to reach customer service', async () => {
    renderWith({
      restriction: { scopes: ['bid', 'buy'], reason: 'Two unpaid orders', until: '2026-02-01T10:00:00.000Z' },
    });
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Your account is restricted with limited functionality')).toBeTruthy();
    expect(banner.textContent).toContain('Not available: bidding, buying');
    expect(banner.textContent).toContain('Reason: Two unpaid orders');
    expect(banner.textContent).toMatch(/Until .*2026/);
    expect(within(banner).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact-us');
  });

  it('speaks Chinese, and says "until lifted" when there is no end', async () => {
    renderWith({ restriction: { scopes: ['settle'], reason: '核实中', until: null } }, 'zh-CN');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('您的账户受限，部分功能不可用');
    expect(banner.textContent).toContain('不可用的功能：结算');
    expect(banner.textContent).toContain('原因：核实中');
    expect(banner.textContent).toContain('限制将持续至客服解除');
  });

  it('shows nothing when no restriction applies', async () => {
    renderWith({ restriction: null });
    await screen.findByText('page');
    // Give the answer time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('appears as soon as an action is refused as restricted', async () => {
    let restricted = false;
    const restriction = { scopes: ['bid' as const], reason: 'Shill bidding', until: null };
    server.use(
      http.get(MINE, () => ok<MyRestriction>({ restriction: restricted ? restriction : null })),
      http.post('/api/auctions/1/bids', () => {
        restricted = true;
        return fail('Account.Restricted', { data: restriction });
      }),
    );
    function Bid() {
      const bid = useMutation({ mutationFn: () => api.post('/auctions/1/bids', { amountCents: 100 }) });
      return (
        <button type="button" onClick={() => bid.mutate()}>
          Bid
        </button>
      );
    }
    const { user } = renderWithProviders(
      <>
        <RestrictionBanner />
        <Bid />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Bid' }));
    const banner = await screen.findByTestId('restriction-banner');
    expect(banner.textContent).toContain('Reason: Shill bidding');
  });
});
