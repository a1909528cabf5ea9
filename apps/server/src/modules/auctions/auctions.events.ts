import type { AuctionLive } from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';

/**
 * A lot's live state on the event bus: bidding publishes `auction.updated` after each batch, the
 * closing sweepers `auction.updated` on opening and `auction.closed` on closing; auctions.live.ts
 * streams them to watchers. Always after commit: a bus failure is logged, never undoes the change.
 */

/** Domain events on `app.platform.events`; the payload is the lot's AuctionLive state. */
export const AUCTION_EVENTS = {
  /** A bid moved the lot (price, leader, end, counts). */
  updated: 'auction.updated',
  /** The lot closed (published by the closing sweeper). */
  closed: 'auction.closed',
} as const;

/** Publishes a lot's live state after commit; a bus failure is logged, never undoes the change. */
export async function publishLive(
  app: Pick<App, 'platform' | 'log'>,
  name: (typeof AUCTION_EVENTS)[keyof typeof AUCTION_EVENTS],
  live: AuctionLive,
): Promise<void> {
  try {
    await app.platform.events.publish(name, live);
  } catch (err) {
    app.log.warn({ err, event: name, auctionId: live.auctionId }, 'auction event not published');
  }
}

/** Publishes many lots' live states after commit (one round trip per slice); a failure is logged. */
export async function publishLives(
  app: Pick<App, 'platform' | 'log'>,
  name: (typeof AUCTION_EVENTS)[keyof typeof AUCTION_EVENTS],
  lives: AuctionLive[],
): Promise<void> {
  try {
    await app.platform.events.publishMany(lives.map((payload) => ({ name, payload })));
  } catch (err) {
    app.log.warn({ err, event: name, lots: lives.length }, 'auction events not published');
  }
}
