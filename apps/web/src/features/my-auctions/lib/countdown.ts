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

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "2d 03:12:45" / "2天 03:12:45", or "03:12:45" under a day (keys of the myAuctions namespace). */
export function formatCountdown(total: number, t: Translate): string {
  const parts = splitSeconds(total);
  const time = `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
  return parts.days > 0 ? t('countdown.withDays', { days: parts.days, time }) : time;
}

/** Whole seconds from `nowMs` to an ISO time (rounded up, never negative); null when it does not parse. */
export function secondsTo(iso: string | null | undefined, nowMs: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/**
 * Seconds left to pay an order: the server's `payTimeLeftSeconds` counted from when its answer arrived (so a
 * browser clock that is off, or a server on a manual clock, does not change it), else `payBy`.
 */
export function payDeadlineMs(
  order: { status: string; payBy: string | null; payTimeLeftSeconds: number | null },
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
