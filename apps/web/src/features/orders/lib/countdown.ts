import type { Order } from '@namebourse/contract';

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

/** "2d 03:12:45" / "2天 03:12:45", or "03:12:45" under a day (keys of the orders namespace). */
export function formatCountdown(total: number, t: Translate): string {
  const parts = splitSeconds(total);
  const time = clockText(parts);
  return parts.days > 0 ? t('countdown.withDays', { days: parts.days, time }) : time;
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

/** Whole seconds from `nowMs` to `deadlineMs` (rounded up, never negative); null without a deadline. */
export function secondsUntil(deadlineMs: number | null, nowMs: number): number | null {
  if (deadlineMs === null) return null;
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** How pressing the time left is: under an hour urgent, under a day soon. */
export function urgencyOf(secondsLeft: number): 'urgent' | 'soon' | 'normal' {
  if (secondsLeft < 3_600) return 'urgent';
  if (secondsLeft < 86_400) return 'soon';
  return 'normal';
}
