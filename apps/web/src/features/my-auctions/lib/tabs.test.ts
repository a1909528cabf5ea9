import { MY_AUCTION_TABS, WON_TABS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { canRaise, MY_AUCTIONS_PAGE_SIZE, myAuctionsQuery, parsePage, parseTab, wonQuery } from './tabs.ts';

describe('console tabs', () => {
  it('reads a known tab from the address and falls back to the first tab', () => {
    expect(parseTab('outbid', MY_AUCTION_TABS)).toBe('outbid');
    expect(parseTab(null, MY_AUCTION_TABS)).toBe('bidding');
    expect(parseTab('paid', MY_AUCTION_TABS)).toBe('bidding');
    expect(parseTab('violation', WON_TABS)).toBe('violation');
    expect(parseTab('bidding', WON_TABS)).toBe('awaiting_payment');
  });

  it('reads a page number ≥ 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage(undefined)).toBe(1);
  });

  it('turns a tab and page into the server query', () => {
    expect(myAuctionsQuery('leading', 2)).toEqual({ status: 'leading', page: 2, pageSize: MY_AUCTIONS_PAGE_SIZE });
    expect(wonQuery('awaiting_delivery', 1)).toEqual({
      status: 'awaiting_delivery',
      page: 1,
      pageSize: MY_AUCTIONS_PAGE_SIZE,
    });
  });

  it('offers Raise bid only on open lots where I lead or was outbid', () => {
    expect(canRaise({ status: 'bidding', state: 'outbid' })).toBe(true);
    expect(canRaise({ status: 'bidding', state: 'leading' })).toBe(true);
    expect(canRaise({ status: 'bidding', state: 'exited' })).toBe(false);
    expect(canRaise({ status: 'ended', state: 'outbid' })).toBe(false);
    expect(canRaise({ status: 'ended', state: 'won' })).toBe(false);
  });
});
