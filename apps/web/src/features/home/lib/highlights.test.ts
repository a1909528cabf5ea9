import type { AuctionSummary } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { cardsOf } from './highlights.ts';

const lot = (patch: Partial<AuctionSummary>): AuctionSummary =>
  ({ auctionId: '1', domain: 'a.com', status: 'bidding', winningPriceCents: null, ...patch }) as AuctionSummary;

describe('home highlights', () => {
  it('hot auctions show open lots only, top deals sold lots only, at most the limit', () => {
    const items = [
      lot({ auctionId: '1' }),
      lot({ auctionId: '2', status: 'ended', winningPriceCents: 50_000 }),
      lot({ auctionId: '3', status: 'ended' }),
      lot({ auctionId: '4' }),
    ];
    expect(cardsOf(items, 'hot', 8).map((item) => item.auctionId)).toEqual(['1', '4']);
    expect(cardsOf(items, 'topDeals', 8).map((item) => item.auctionId)).toEqual(['2']);
    expect(cardsOf(items, 'hot', 1)).toHaveLength(1);
    expect(cardsOf(undefined, 'hot', 8)).toEqual([]);
  });
});
