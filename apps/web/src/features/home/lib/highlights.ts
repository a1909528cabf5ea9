import type { AuctionSummary } from '@namebourse/contract';

/** Whole seconds from `nowMs` to an ISO time (rounded up, never negative); null when it does not parse. */
export function secondsTo(iso: string, nowMs: number): number | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "2d 03:12:45" / "2天 03:12:45", or "03:12:45" under a day (keys of the home namespace). */
export function countdownText(total: number, t: Translate): string {
  const whole = Math.max(0, Math.floor(total));
  const days = Math.floor(whole / 86_400);
  const two = (value: number) => String(value).padStart(2, '0');
  const time = `${two(Math.floor((whole % 86_400) / 3_600))}:${two(Math.floor((whole % 3_600) / 60))}:${two(whole % 60)}`;
  return days > 0 ? t('highlights.withDays', { days, time }) : time;
}

/** The cards a section shows: at most `limit`, and only what it is about (open lots / sold lots). */
export function cardsOf(items: readonly AuctionSummary[] | undefined, kind: 'hot' | 'topDeals', limit: number) {
  const list = (items ?? []).filter((item) =>
    kind === 'hot' ? item.status === 'bidding' || item.status === 'scheduled' : item.winningPriceCents !== null,
  );
  return list.slice(0, limit);
}
