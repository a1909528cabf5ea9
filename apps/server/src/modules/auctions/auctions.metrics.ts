import type { App } from '../../platform/app-context.ts';
import { isAppError } from '../../platform/errors.ts';
import { isRecordedAnswer } from '../../platform/idempotency.ts';
import { METRICS_PREFIX } from '../../platform/metrics.ts';
import { countOpenLots } from './auctions.repository.ts';

/**
 * The auctions' business metrics (issue 12): bid decisions by outcome and their latency (the
 * platform's `bidDecisions` / `bidDuration`), and the open lots, counted when /metrics is scraped.
 */
export function registerAuctionMetrics(app: Pick<App, 'platform'>): void {
  const { db, metrics } = app.platform;
  metrics.gauge({
    name: `${METRICS_PREFIX}open_lots`,
    help: 'Lots open for bidding',
    async collect() {
      this.set(await countOpenLots(db));
    },
  });
}

/**
 * Runs a bid and counts its decision: `accepted`, `replayed` (an Idempotency-Key answered again),
 * or the refusal's code (`Auction.BidTooLow` …; `error` for anything unexpected), with its latency.
 */
export async function measureBid<T>(app: Pick<App, 'platform'>, bid: () => Promise<T>): Promise<T> {
  const { bidDecisions, bidDuration } = app.platform.metrics;
  const end = bidDuration.startTimer();
  let outcome = 'error';
  try {
    const answer = await bid();
    outcome = isRecordedAnswer(answer) && answer.replayed ? 'replayed' : 'accepted';
    return answer;
  } catch (err) {
    if (isAppError(err)) outcome = err.code;
    throw err;
  } finally {
    bidDecisions.inc({ outcome });
    end({ outcome });
  }
}
