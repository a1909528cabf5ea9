/** Pure countdown arithmetic shared by the auction pages and consoles (no React). */

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

/** "2d 03:12:45" / "2天 03:12:45", or "03:12:45" under a day (keys of the `auctions` namespace). */
export function formatCountdown(total: number, t: Translate): string {
  const parts = splitSeconds(total);
  const time = `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
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

/** Whole seconds from the (corrected) now to `endsAt`, rounded up, never negative; null when unreadable. */
export function secondsLeft(endsAt: string, nowMs: number, offsetMs = 0): number | null {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - (nowMs + offsetMs)) / 1000));
}

/** How pressing the time left is: under 5 minutes (soft close) critical, under an hour urgent, under a day soon. */
export function urgencyOf(seconds: number): 'critical' | 'urgent' | 'soon' | 'normal' {
  if (seconds <= 300) return 'critical';
  if (seconds < 3_600) return 'urgent';
  if (seconds < 86_400) return 'soon';
  return 'normal';
}
