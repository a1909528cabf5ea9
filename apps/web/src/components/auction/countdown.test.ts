import { describe, expect, it } from 'vitest';
import {
  clockOffsetMs,
  clockText,
  formatCountdown,
  payDeadline,
  secondsLeft,
  secondsUntil,
  splitSeconds,
  urgencyOf,
} from './countdown';

/** A stand-in for i18next's t with the auctions namespace's 'countdown.withDays' in English and Chinese. */
const en = (key: string, options?: Record<string, unknown>) =>
  key === 'countdown.withDays' ? `${options?.days}d ${options?.time}` : key;
const zh = (key: string, options?: Record<string, unknown>) =>
  key === 'countdown.withDays' ? `${options?.days}天 ${options?.time}` : key;

describe('splitSeconds / clockText', () => {
  it('splits whole seconds into days, hours, minutes and seconds', () => {
    expect(splitSeconds(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitSeconds(59)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(splitSeconds(3_600)).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0 });
    expect(splitSeconds(72 * 3_600)).toEqual({ days: 3, hours: 0, minutes: 0, seconds: 0 });
    expect(splitSeconds(2 * 86_400 + 3 * 3_600 + 12 * 60 + 45)).toEqual({
      days: 2,
      hours: 3,
      minutes: 12,
      seconds: 45,
    });
  });

  it('treats negative, fractional and invalid input safely', () => {
    expect(splitSeconds(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitSeconds(61.9)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 1 });
    expect(splitSeconds(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitSeconds(Number.POSITIVE_INFINITY)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('pads the clock to HH:MM:SS', () => {
    expect(clockText(splitSeconds(5))).toBe('00:00:05');
    expect(clockText(splitSeconds(23 * 3_600 + 59 * 60 + 59))).toBe('23:59:59');
  });
});

describe('formatCountdown', () => {
  it('shows days only when a day or more is left', () => {
    expect(formatCountdown(2 * 86_400 + 3 * 3_600 + 12 * 60 + 45, en)).toBe('2d 03:12:45');
    expect(formatCountdown(2 * 86_400 + 3 * 3_600 + 12 * 60 + 45, zh)).toBe('2天 03:12:45');
    expect(formatCountdown(86_399, en)).toBe('23:59:59');
    expect(formatCountdown(86_400, en)).toBe('1d 00:00:00');
    expect(formatCountdown(0, en)).toBe('00:00:00');
  });
});

describe('payDeadline / secondsUntil', () => {
  const received = Date.UTC(2026, 0, 10, 12, 0, 0);

  it('counts from when the answer arrived, whatever the clocks say', () => {
    // The server's clock is a day ahead of the browser's (a manual clock in a test, or a wrong PC clock): payBy is
    // far in this browser's future, but the server said 90 seconds are left, and that is what counts.
    const order = {
      status: 'awaiting_payment' as const,
      payBy: new Date(received + 86_400_000 + 90_000).toISOString(),
      payTimeLeftSeconds: 90,
    };
    const deadline = payDeadline(order, received);
    expect(deadline).toBe(received + 90_000);
    expect(secondsUntil(deadline, received)).toBe(90);
    expect(secondsUntil(deadline, received + 30_500)).toBe(60);
    expect(secondsUntil(deadline, received + 89_001)).toBe(1);
    expect(secondsUntil(deadline, received + 90_000)).toBe(0);
    expect(secondsUntil(deadline, received + 600_000)).toBe(0);
  });

  it('falls back to payBy without the seconds, and has no deadline outside awaiting payment', () => {
    const payBy = new Date(received + 60_000).toISOString();
    expect(payDeadline({ status: 'awaiting_payment', payBy, payTimeLeftSeconds: null }, received)).toBe(
      received + 60_000,
    );
    expect(payDeadline({ status: 'awaiting_payment', payBy: null, payTimeLeftSeconds: null }, received)).toBeNull();
    expect(payDeadline({ status: 'paid_awaiting_delivery', payBy, payTimeLeftSeconds: 60 }, received)).toBeNull();
    expect(secondsUntil(null, received)).toBeNull();
  });
});

describe('clockOffsetMs / secondsLeft', () => {
  it('corrects the device clock with the server time', () => {
    const offset = clockOffsetMs('2025-03-07T10:00:00.000Z', Date.parse('2025-03-07T09:59:00.000Z'));
    expect(offset).toBe(60_000);
    // The device says 09:59:00, the server 10:00:00: a lot ending 10:05:00 has 5 minutes left.
    expect(secondsLeft('2025-03-07T10:05:00.000Z', Date.parse('2025-03-07T09:59:00.000Z'), offset)).toBe(300);
    expect(clockOffsetMs('not a time', 1)).toBe(0);
    expect(clockOffsetMs(null, 1)).toBe(0);
  });

  it('counts seconds to an end time, never below zero, null when unreadable', () => {
    expect(secondsLeft('1970-01-01T00:00:10.000Z', 0)).toBe(10);
    expect(secondsLeft('1970-01-01T00:00:10.000Z', 9_001)).toBe(1);
    expect(secondsLeft('1970-01-01T00:00:10.000Z', 20_000)).toBe(0);
    expect(secondsLeft('2025-03-07T10:00:00Z', Date.parse('2025-03-08T00:00:00Z'))).toBe(0);
    expect(secondsLeft('nonsense', 0)).toBeNull();
    expect(secondsLeft(null, 0)).toBeNull();
  });
});

describe('urgencyOf', () => {
  it('marks the last 5 minutes critical, under an hour urgent and under a day soon', () => {
    expect(urgencyOf(0)).toBe('critical');
    expect(urgencyOf(300)).toBe('critical');
    expect(urgencyOf(301)).toBe('urgent');
    expect(urgencyOf(3_599)).toBe('urgent');
    expect(urgencyOf(3_600)).toBe('soon');
    expect(urgencyOf(86_399)).toBe('soon');
    expect(urgencyOf(86_400)).toBe('normal');
  });
});
