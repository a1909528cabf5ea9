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
 * The placeholders a page writes into its 'countdown.withDays' text (`t('countdown.withDays', WITH_DAYS_SLOTS)` →
 * "{d}d {t}") so that its starter script can write the time left before the app has loaded
 * (lib/prehydration/countdowns.ts, formatCountdownWith).
 */
export const WITH_DAYS_SLOTS = { days: '{d}', time: '{t}' } as const;

/** formatCountdown with the 'countdown.withDays' text as a template (see WITH_DAYS_SLOTS) instead of i18next's t. */
export function formatCountdownWith(total: number, withDays: string): string {
  return formatCountdown(total, (_key, options) =>
    withDays
      .split(WITH_DAYS_SLOTS.days)
      .join(String(options?.days))
      .split(WITH_DAYS_SLOTS.time)
      .join(String(options?.time)),
  );
}

/** Whole seconds from `nowMs` (the server's, see server-clock) to the ISO time `endsAt`, rounded up, never negative; null when unreadable. */
export function secondsLeft(endsAt: string | null | undefined, nowMs: number): number | null {
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  if (Number.isNaN(end)) return null;
  return secondsUntil(end, nowMs);
}

/** Whole seconds from `nowMs` to `deadlineMs` (rounded up, never negative); null without a deadline. */
export function secondsUntil(deadlineMs: number | null, nowMs: number): number | null {
  if (deadlineMs === null) return null;
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/**
 * When an order's payment window closes, on the server's clock (compare with useServerNow: the server's clock is
 * learned from the same answers, so a browser clock that is off, or a server on a manual clock, does not change
 * what is shown); null when the order is not awaiting payment or has no deadline.
 */
export function payDeadline(order: Pick<Order, 'status' | 'payBy'>): number | null {
  if (order.status !== 'awaiting_payment' || !order.payBy) return null;
  const at = Date.parse(order.payBy);
  return Number.isNaN(at) ? null : at;
}

/** An order at one moment of the server's clock: the time left to pay, and whether it can be paid now. */
export interface PayState {
  /** Seconds left to pay (awaiting payment with a deadline only). */
  secondsLeft: number | null;
  /** Awaiting payment, the server allows it and the time has not run out. */
  payable: boolean;
}

export function payStateOf(order: Pick<Order, 'status' | 'payBy' | 'canPay'>, serverNowMs: number): PayState {
  const secondsLeft = secondsUntil(payDeadline(order), serverNowMs);
  const payable = order.status === 'awaiting_payment' && order.canPay && (secondsLeft === null || secondsLeft > 0);
  return { secondsLeft, payable };
}

export type Urgency = 'critical' | 'urgent' | 'soon' | 'normal';

/** How pressing the time left is: 5 minutes or less (soft close) critical, under an hour urgent, under a day soon. */
export function urgencyOf(seconds: number): Urgency {
  if (seconds <= 300) return 'critical';
  if (seconds < 3_600) return 'urgent';
  if (seconds < 86_400) return 'soon';
  return 'normal';
}
