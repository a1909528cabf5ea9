import { type AuctionLive, AuctionLiveSchema } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_BASE_URL } from '../../../lib/api-client.ts';
import type { ReceivedAuction } from './get-auction.ts';
import { auctionKeys, auctionPath } from './keys.ts';

export interface LiveState {
  connected: boolean;
  /** The last event's data (null before the first). */
  last: AuctionLive | null;
  /** Increases each time the price changes (drives the highlight). */
  priceTick: number;
}

/** The address of a lot's live events (also named on the lot page for the starter, lib/prehydration). */
export function auctionEventsUrl(auctionId: string): string {
  return `${DEFAULT_BASE_URL}${auctionPath(auctionId)}/events`;
}

/**
 * GET /api/auctions/:auctionId/events (server-sent events, with cookies): on `price` and `closed` the lot's public
 * state is merged in at once, then the lot (personal fields: leading, my maximum) and the bid records are refetched.
 */
export function useAuctionEvents(auctionId: string, enabled: boolean): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>({ connected: false, last: null, priceTick: 0 });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(auctionEventsUrl(auctionId), { withCredentials: true });
    const onEvent = (event: MessageEvent<string>) => {
      let live: AuctionLive;
      try {
        const parsed = AuctionLiveSchema.safeParse(JSON.parse(event.data));
        if (!parsed.success) return;
        live = parsed.data;
      } catch {
        return;
      }
      let priceChanged = false;
      queryClient.setQueryData<ReceivedAuction>(auctionKeys.detail(auctionId), (lot) => {
        if (!lot) return lot;
        priceChanged = lot.currentPriceCents !== live.currentPriceCents || lot.bidCount !== live.bidCount;
        return {
          ...lot,
          status: live.status,
          currentPriceCents: live.currentPriceCents,
          minNextBidCents: live.minNextBidCents,
          bidCount: live.bidCount,
          bidderCount: live.bidderCount,
          endsAt: live.endsAt,
          isExtended: live.isExtended,
          winningPriceCents: live.winningPriceCents,
        };
      });
      setState((prev) => ({ connected: true, last: live, priceTick: prev.priceTick + (priceChanged ? 1 : 0) }));
      void queryClient.invalidateQueries({ queryKey: auctionKeys.detail(auctionId) });
      void queryClient.invalidateQueries({ queryKey: auctionKeys.bids(auctionId) });
    };
    source.addEventListener('price', onEvent as EventListener);
    source.addEventListener('closed', (event) => {
      onEvent(event as MessageEvent<string>);
      source.close();
    });
    source.onopen = () => setState((prev) => ({ ...prev, connected: true }));
    source.onerror = () => setState((prev) => ({ ...prev, connected: false }));
    return () => source.close();
  }, [auctionId, enabled, queryClient]);

  return state;
}
