import type { AuctionDetail } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { publicParametersHandler } from '../../../lib/public-parameters.test-support.ts';
import { auctionFixture } from '../../../lib/testing/fixtures.ts';
import { fail, http, locationOf, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { writeUserInfo } from '../../../lib/user-storage.ts';
import { type ReceivedAuction, received } from '../api/get-auction.ts';
import { auctionKeys } from '../api/keys.ts';
import { BidPanel } from './bid-panel.tsx';

const BIDS = '/api/auctions/A1/bids';

const lot = auctionFixture;

function renderPanel(detail = lot()) {
  return renderWithProviders(<BidPanel lot={received(detail)} priceTick={0} />, {
    path: '/sale/A1',
    route: 'sale/:auctionId',
    session: true,
    routes: [{ path: 'account/login', element: <p>login page</p> }],
  });
}

const amountField = () => screen.getByRole('textbox', { name: 'Your bid' });
const maxField = () => screen.getByRole('textbox', { name: 'Maximum bid (optional)' });

describe('BidPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    server.use(publicParametersHandler());
  });

  it('sends a visitor to sign in and back to the lot', async () => {
    const { user, router } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Sign in to bid' }));
    expect(locationOf(router)).toBe('/account/login?redirect=%2Fsale%2FA1');
  });

  describe('signed in', () => {
    beforeEach(() => {
      writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    });

    it('starts at the minimum next bid and checks the amounts once submitted', async () => {
      const { user } = renderPanel();
      expect(amountField()).toHaveProperty('value', '21');
      expect(screen.getByText('At least $21.00')).toBeTruthy();

      await user.clear(amountField());
      await user.type(amountField(), '20');
      expect(screen.queryByText('The minimum next bid is $21.00')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Place bid' }));
      expect(await screen.findByText('The minimum next bid is $21.00')).toBeTruthy();

      // Once submitted, the messages follow what is typed.
      await user.clear(amountField());
      await user.type(amountField(), '30');
      await user.type(maxField(), '25');
      expect(await screen.findByText('The maximum must be at least your bid')).toBeTruthy();
      expect(screen.queryByText('The minimum next bid is $21.00')).toBeNull();
      await user.clear(amountField());
      expect(await screen.findByText('Enter an amount')).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(requestsTo('POST', BIDS)).toHaveLength(0);
    });

    it('lifts a lower amount to a new minimum next bid (someone else bid), and keeps a higher one', async () => {
      function LivePanel() {
        const { data } = useQuery<ReceivedAuction>({
          queryKey: auctionKeys.detail('A1'),
          queryFn: () => new Promise(() => {}),
          initialData: received(lot()),
          staleTime: Number.POSITIVE_INFINITY,
        });
        return <BidPanel lot={data} priceTick={0} />;
      }
      const { user, queryClient } = renderWithProviders(<LivePanel />, { session: true });
      await user.clear(amountField());
      await user.type(amountField(), '40');
      act(() => queryClient.setQueryData(auctionKeys.detail('A1'), received(lot({ minNextBidCents: 3_100 }))));
      expect(amountField()).toHaveProperty('value', '40');
      act(() => queryClient.setQueryData(auctionKeys.detail('A1'), received(lot({ minNextBidCents: 4_500 }))));
      await waitFor(() => expect(amountField()).toHaveProperty('value', '45'));
    });

    it('asks the deposit of the rule the server holds now (parameters), in the form and the confirmation', async () => {
      server.use(publicParametersHandler({ depositMinCents: 2_500, depositRateBps: 2_000 }));
      const { user } = renderPanel();
      await user.clear(amountField());
      await user.type(amountField(), '30');
      // max($25, 20% of $30) = $25; with a $200 maximum: 20% = $40.
      expect(
        await screen.findByText('Deposit needed $25.00: $0.00 already held, $25.00 more will be frozen'),
      ).toBeTruthy();
      await user.type(maxField(), '200');
      expect(screen.getByTestId('lot-deposit').textContent).toBe(
        'Deposit needed $40.00: $0.00 already held, $40.00 more will be frozen',
      );
      await user.click(screen.getByRole('button', { name: 'Place bid' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm your bid on alpha.com' });
      expect(within(dialog).getAllByText('$40.00')).toHaveLength(2); // the deposit, and what is frozen now
    });

    it('confirms the bid with its deposit, then sends it once with an Idempotency-Key', async () => {
      server.use(http.post(BIDS, () => ok(lot({ currentPriceCents: 3_000, myMaxBidCents: 5_000, isLeading: true }))));
      const { user } = renderPanel();
      await user.clear(amountField());
      await user.type(amountField(), '30');
      await user.type(maxField(), '50');
      expect(
        await screen.findByText('Deposit needed $10.00: $0.00 already held, $10.00 more will be frozen'),
      ).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Place bid' }));

      const dialog = await screen.findByRole('dialog', { name: 'Confirm your bid on alpha.com' });
      expect(within(dialog).getByText('$30.00')).toBeTruthy();
      expect(within(dialog).getByText('$50.00')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Confirm bid' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const [request] = requestsTo('POST', BIDS);
      expect(await request?.json()).toEqual({ amountCents: 3_000, maxAmountCents: 5_000 });
      expect(request?.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
      // The maximum is cleared for the next bid; the amount stays.
      expect(maxField()).toHaveProperty('value', '');
      expect(amountField()).toHaveProperty('value', '30');
    });

    it("shows a refusal that already says 'Bid Failed' as it is, and prefixes any other", async () => {
      server.use(http.post(BIDS, () => fail('Auction.BidTooLow')));
      const { user } = renderPanel();
      await user.click(screen.getByRole('button', { name: 'Place bid' }));
      await user.click(await screen.findByRole('button', { name: 'Confirm bid' }));
      expect(await screen.findByText('Bid Failed: the bid is below the minimum next bid')).toBeTruthy();

      server.use(http.post(BIDS, () => fail('Auction.NotFound')));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Place bid' }));
      expect(screen.queryByText('Bid Failed: the bid is below the minimum next bid')).toBeNull();
      await user.click(await screen.findByRole('button', { name: 'Confirm bid' }));
      expect(await screen.findByText('Bid Failed: This auction does not exist')).toBeTruthy();
    });

    it('puts per-field messages of the server under their fields', async () => {
      server.use(
        http.post(BIDS, () =>
          fail('Request.Invalid', {
            data: { fields: { amountCents: 'Too many decimals', maxAmountCents: 'Too big' } },
          }),
        ),
      );
      const { user } = renderPanel();
      await user.click(screen.getByRole('button', { name: 'Place bid' }));
      await user.click(await screen.findByRole('button', { name: 'Confirm bid' }));
      expect(await screen.findByText('Too many decimals')).toBeTruthy();
      expect(screen.getByText('Too big')).toBeTruthy();
    });

    it('leaves insufficient balance to the recharge prompt, with nothing inline', async () => {
      server.use(http.post(BIDS, () => fail('Funds.InsufficientBalance', { data: { shortfallCents: 500 } })));
      const { user } = renderPanel();
      await user.click(screen.getByRole('button', { name: 'Place bid' }));
      await user.click(await screen.findByRole('button', { name: 'Confirm bid' }));
      expect(await screen.findByTestId('insufficient-balance-dialog')).toBeTruthy();
      expect(screen.queryByTestId('lot-bid-error')).toBeNull();
    });

    it('offers to exit a lot I bid on but do not lead', async () => {
      server.use(http.post('/api/auctions/A1/exit', () => ok(lot({ myMaxBidCents: 2_000, hasExited: true }))));
      const { user } = renderPanel(lot({ myMaxBidCents: 2_000, myDepositCents: 1_000 }));
      await user.click(screen.getByRole('button', { name: 'Exit this auction' }));
      const dialog = await screen.findByRole('dialog', { name: 'Exit this auction?' });
      await user.click(within(dialog).getByRole('button', { name: 'Exit' }));
      await waitFor(() => expect(requestsTo('POST', '/api/auctions/A1/exit')).toHaveLength(1));
    });
  });

  describe('once the lot has closed', () => {
    beforeEach(() => {
      writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    });

    /** Closed an hour ago at $50.00; I led with a $60.00 maximum unless `patch` says otherwise. */
    const closed = (patch: Partial<AuctionDetail> = {}) =>
      lot({
        status: 'ended',
        endsAt: new Date(Date.now() - 3_600_000).toISOString(),
        currentPriceCents: 5_000,
        winningPriceCents: 5_000,
        myMaxBidCents: 6_000,
        myDepositCents: 1_000,
        isLeading: true,
        ...patch,
      });

    it('shows the final price and that I won, never Leading, with a one-line pay button', () => {
      renderPanel(closed());
      const card = screen.getByTestId('lot-bid-panel');
      expect(within(card).queryByText('Leading')).toBeNull();
      expect(screen.getByTestId('lot-price-label').textContent).toBe('Final price');
      expect(screen.getByTestId('lot-current-price').textContent).toBe('$50.00');
      expect(screen.getByTestId('lot-outcome-badge').textContent).toBe('Won');
      expect(screen.getByText('You won at $50.00')).toBeTruthy();
      const pay = screen.getByRole('link', { name: 'Go to pay' });
      expect(pay.getAttribute('href')).toBe('/console/auction/win');
      expect(getComputedStyle(pay).whiteSpace).toBe('nowrap');
      expect(screen.queryByRole('button', { name: 'Place bid' })).toBeNull();
    });

    it('says 成交价 and 已竞得 in Chinese, and no 领先', () => {
      renderWithProviders(<BidPanel lot={received(closed())} priceTick={0} />, { locale: 'zh-CN', session: true });
      const card = screen.getByTestId('lot-bid-panel');
      expect(within(card).queryByText('领先')).toBeNull();
      expect(screen.getByTestId('lot-price-label').textContent).toBe('成交价');
      expect(screen.getByTestId('lot-outcome-badge').textContent).toBe('已竞得');
      expect(screen.getByText('恭喜，您以 $50.00 竞得该域名')).toBeTruthy();
    });

    it('shows a lot another bidder won as not won, at its final price, never Outbid', () => {
      renderPanel(closed({ isLeading: false, myMaxBidCents: 4_000 }));
      expect(screen.queryByText('Outbid')).toBeNull();
      expect(screen.getByTestId('lot-outcome-badge').textContent).toBe('Not won');
      expect(screen.getByTestId('lot-current-price').textContent).toBe('$50.00');
      expect(screen.getByText('You did not win. Sold at $50.00')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Go to pay' })).toBeNull();
    });

    it('shows a lot nobody won with its price at close, not as a final price', () => {
      renderPanel(closed({ winningPriceCents: null, currentPriceCents: 1_000, bidCount: 0, myMaxBidCents: null }));
      expect(screen.getByTestId('lot-price-label').textContent).toBe('Price at close');
      expect(screen.getByTestId('lot-current-price').textContent).toBe('$10.00');
      expect(screen.getByTestId('lot-outcome-badge').textContent).toBe('No winner');
      expect(screen.getByText('Ended without a winner')).toBeTruthy();
    });
  });
});
