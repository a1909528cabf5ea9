import type { AuctionSummary } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { cardsOf, countdownText } from './highlights';

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

  it('writes the time left with days', () => {
    const t = (_key: string, options?: Record<string, unknown>) => `${options?.days}d ${options?.time}`;
    expect(countdownText(86_400 + 61, t)).toBe('1d 00:01:01');
    expect(countdownText(3_599, t)).toBe('00:59:59');
  });
});
