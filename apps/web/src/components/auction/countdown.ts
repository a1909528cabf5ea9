import type { Order } from '@namebourse/contract';

/**
 * Pure countdown arithmetic shared by every page that shows time left (lot countdowns, pay-by countdowns).
 * No React here: LiveCountdown / CountdownText render it.
 */

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole seconds split into days, hours, minutes and seconds (negative or invalid → all zero). */
export function splitSeconds(total: number): DurationParts {
  const whole = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  return {
    days: Math.floor(whole / 86_400),
    hours: Math.floor((whole % 86_400) / 3_600),
    minutes: Math.floor((whole % 3_600) / 60),
    seconds: whole % 60,
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/** "HH:MM:SS" of the part under a day. */
export function clockText(parts: DurationParts): string {
  return `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "2d 03:12:45" / "2天 03:12:45", or "03:12:45" under a day (`t` of the `auctions` namespace: 'countdown.withDays'). */
export function formatCountdown(total: number, t: Translate): string {
  const parts = splitSeconds(total);
  const time = clockText(parts);
  return parts.days > 0 ? t('countdown.withDays', { days: parts.days, time }) : time;
}

/**
 * How far the server clock is ahead of this device (ms): the server's `serverTime` minus the device time at which
 * its answer arrived. Add it to Date.now() to read the server's "now". 0 when the server time is unreadable.
 */
export function clockOffsetMs(serverTime: string | null | undefined, receivedAtMs: number): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  return Number.isNaN(server) ? 0 : server - receivedAtMs;
}

/** Whole seconds from the (corrected) now to the ISO time `endsAt`, rounded up, never negative; null when unreadable. */
export function secondsLeft(endsAt: string | null | undefined, nowMs: number, offsetMs = 0): number | null {
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  if (Number.isNaN(end)) return null;
  return secondsUntil(end, nowMs + offsetMs);
}

/** Whole seconds from `nowMs` to `deadlineMs` (rounded up, never negative); null without a deadline. */
export function secondsUntil(deadlineMs: number | null, nowMs: number): number | null {
  if (deadlineMs === null) return null;
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/**
 * When an order's payment window closes, on this browser's clock. The server says how many seconds were left
 * when it answered (`payTimeLeftSeconds`, measured on its own clock), so the deadline is the moment the answer
 * arrived plus that: a browser clock that is off (or a server on a manual clock) does not change what is shown.
 * `payBy` is used only when the server gave no seconds.
 */
export function payDeadline(
  order: Pick<Order, 'status' | 'payBy' | 'payTimeLeftSeconds'>,
  receivedAtMs: number,
): number | null {
  if (order.status !== 'awaiting_payment') return null;
  if (order.payTimeLeftSeconds !== null && Number.isFinite(order.payTimeLeftSeconds)) {
    return receivedAtMs + Math.max(0, order.payTimeLeftSeconds) * 1000;
  }
  if (order.payBy) {
    const at = Date.parse(order.payBy);
    return Number.isNaN(at) ? null : at;
  }
  return null;
}

export type Urgency = 'critical' | 'urgent' | 'soon' | 'normal';

/** How pressing the time left is: 5 minutes or less (soft close) critical, under an hour urgent, under a day soon. */
export function urgencyOf(seconds: number): Urgency {
  if (seconds <= 300) return 'critical';
  if (seconds < 3_600) return 'urgent';
  if (seconds < 86_400) return 'soon';
  return 'normal';
}
