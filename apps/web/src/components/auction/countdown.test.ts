import { describe, expect, it } from 'vitest';
import {
  clockText,
  formatCountdown,
  payDeadline,
  payStateOf,
  secondsLeft,
  secondsUntil,
  splitSeconds,
  urgencyOf,
} from './countdown.ts';

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

describe('payDeadline / payStateOf / secondsUntil', () => {
  const payBy = '2026-01-13T12:00:00.000Z';
  const at = Date.parse(payBy);

  it('closes the payment window at payBy on the server clock', () => {
    expect(payDeadline({ status: 'awaiting_payment', payBy })).toBe(at);
    expect(payDeadline({ status: 'awaiting_payment', payBy: null })).toBeNull();
    expect(payDeadline({ status: 'paid_awaiting_delivery', payBy })).toBeNull();
    expect(secondsUntil(at, at - 90_000)).toBe(90);
    expect(secondsUntil(at, at - 89_001)).toBe(90);
    expect(secondsUntil(at, at - 1)).toBe(1);
    expect(secondsUntil(at, at + 600_000)).toBe(0);
    expect(secondsUntil(null, at)).toBeNull();
  });

  it('pays only while awaiting payment, allowed by the server and inside the time', () => {
    const open = { status: 'awaiting_payment' as const, payBy, canPay: true };
    expect(payStateOf(open, at - 10_000)).toEqual({ secondsLeft: 10, payable: true });
    expect(payStateOf(open, at)).toEqual({ secondsLeft: 0, payable: false });
    expect(payStateOf({ ...open, payBy: null }, at)).toEqual({ secondsLeft: null, payable: true });
    expect(payStateOf({ ...open, canPay: false }, at - 10_000).payable).toBe(false);
    expect(payStateOf({ ...open, status: 'completed' }, at - 10_000)).toEqual({ secondsLeft: null, payable: false });
  });
});

describe('secondsLeft', () => {
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
