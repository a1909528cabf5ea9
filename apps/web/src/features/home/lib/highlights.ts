import type { AuctionSummary } from '@namebourse/contract';

/** The cards a section shows: at most `limit`, and only what it is about (open lots / sold lots). */
export function cardsOf(items: readonly AuctionSummary[] | undefined, kind: 'hot' | 'topDeals', limit: number) {
  const list = (items ?? []).filter((item) =>
    kind === 'hot' ? item.status === 'bidding' || item.status === 'scheduled' : item.winningPriceCents !== null,
  );
  return list.slice(0, limit);
}
