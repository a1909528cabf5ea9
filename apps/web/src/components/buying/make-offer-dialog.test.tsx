import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, fillIn, http, ok, renderWithProviders, requestsTo, server } from '../../lib/testing/index.ts';
import { writeUserInfo } from '../../lib/user-storage.ts';
import { type BuyableListing, ListingBuyActions } from './listing-buy-actions.tsx';
import { checkOfferAmount, minOfferCents } from './offer-amount.ts';
import { mineFixture, offerFixture } from './test-fixtures.ts';

const MINE = '/api/market/cloudshop.com/mine';
const OFFERS = '/api/listings/11/offers';

const OFFER_LISTING: BuyableListing = {
  listingId: '11',
  domain: 'cloudshop.com',
  mode: 'offer',
  priceCents: null,
  floorCents: 40_000,
};

function renderActions(listing: BuyableListing = OFFER_LISTING) {
  return renderWithProviders(<ListingBuyActions listing={listing} />, {
    path: '/market/cloudshop.com',
    route: 'market/:domain',
    session: true,
    routes: [{ path: 'account/login', element: <p>login page</p> }],
  });
}

describe('offer amount', () => {
  it('takes the floor, never below $3, and adds the tax', () => {
    expect(minOfferCents(null)).toBe(300);
    expect(minOfferCents(100)).toBe(300);
    expect(minOfferCents(40_000)).toBe(40_000);
    expect(checkOfferAmount('', null, 600)).toEqual({ ok: false, error: 'required' });
    expect(checkOfferAmount('abc', null, 600)).toEqual({ ok: false, error: 'invalid' });
    expect(checkOfferAmount('2.99', null, 600)).toEqual({ ok: false, error: 'belowMin' });
    expect(checkOfferAmount('399.99', 40_000, 600)).toEqual({ ok: false, error: 'belowMin' });
    expect(checkOfferAmount('1,000', 40_000, 600)).toEqual({
      ok: true,
      amountCents: 100_000,
      taxCents: 6_000,
      totalCents: 106_000,
    });
    expect(checkOfferAmount('200000000', null, 600)).toEqual({ ok: false, error: 'tooBig' });
  });

  it('adds the tax at the rate in force (a parameter), or no tax figure while it is not known', () => {
    expect(checkOfferAmount('1,000', null, 825)).toMatchObject({ taxCents: 8_250, totalCents: 108_250 });
    expect(checkOfferAmount('1,000', null, undefined)).toEqual({
      ok: true,
      amountCents: 100_000,
      taxCents: null,
      totalCents: null,
    });
  });
});

describe('make an offer', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
  });

  it('checks the amount against the floor, shows the total with tax, sends it and links to My offers', async () => {
    server.use(
      http.get(MINE, () => ok(mineFixture())),
      http.post(OFFERS, () => ok(offerFixture({ amountCents: 45_000 }))),
    );
    const { user } = renderActions();
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer on cloudshop.com' });
    const field = within(dialog).getByRole('textbox', { name: 'Your offer (USD)' });
    expect(within(dialog).getByText('At least $400.00')).toBeTruthy();

    await fillIn(user, field, '350');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('The lowest offer is $400.00')).toBeTruthy();
    expect(requestsTo('POST', OFFERS)).toHaveLength(0);

    await fillIn(user, field, '450');
    expect(within(dialog).getByTestId('make-offer-total').textContent).toBe('$477.00');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    const sent = await screen.findByRole('dialog', { name: 'Offer sent' });
    expect(await requestsTo('POST', OFFERS)[0]?.json()).toEqual({ amountCents: 45_000 });
    expect(sent.textContent).toContain('$450.00');
    expect(within(sent).getByRole('link', { name: 'Go to My offers' }).getAttribute('href')).toBe('/console/offers');
  });

  it('shows the server’s refusal in place', async () => {
    server.use(
      http.get(MINE, () => ok(mineFixture())),
      http.post(OFFERS, () => fail('Offer.AlreadyOpen')),
    );
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer on cloudshop.com' });
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Your offer (USD)' }), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect((await within(dialog).findByTestId('make-offer-error')).textContent).toContain(
      'You already have an open offer on this domain',
    );
  });

  it('shows the buyer’s open offer instead of the button, and a buy-now price when there is one', async () => {
    server.use(
      http.get(MINE, () =>
        ok(mineFixture({ offer: offerFixture({ status: 'countered', lastBy: 'seller', amountCents: 60_000 }) })),
      ),
    );
    renderActions({ ...OFFER_LISTING, priceCents: 90_000 });
    const mine = await screen.findByRole('group', { name: 'Your offer' });
    expect(mine.textContent).toContain('The seller countered with $600.00');
    expect(mine.textContent).toContain('Expires');
    expect(within(mine).getByRole('link', { name: 'Answer or follow it in My offers' }).getAttribute('href')).toBe(
      '/console/offers',
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy();
  });
});
