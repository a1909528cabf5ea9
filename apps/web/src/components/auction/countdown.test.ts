import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, secondsLeft, urgencyOf } from './countdown';

const t = (key: string, options?: Record<string, unknown>) => `${key}:${options?.days}:${options?.time}`;

describe('auction countdown', () => {
  it('corrects the device clock with the server time', () => {
    const offset = clockOffsetMs('2025-03-07T10:00:00.000Z', Date.parse('2025-03-07T09:59:00.000Z'));
    expect(offset).toBe(60_000);
    // The device says 09:59:00, the server 10:00:00: a lot ending 10:05:00 has 5 minutes left.
    expect(secondsLeft('2025-03-07T10:05:00.000Z', Date.parse('2025-03-07T09:59:00.000Z'), offset)).toBe(300);
    expect(clockOffsetMs('not a time', 1)).toBe(0);
  });

  it('never goes below zero and formats days separately', () => {
    expect(secondsLeft('2025-03-07T10:00:00Z', Date.parse('2025-03-08T00:00:00Z'))).toBe(0);
    expect(formatCountdown(3 * 86_400 + 3_661, t)).toBe('countdown.withDays:3:01:01:01');
    expect(formatCountdown(59, t)).toBe('00:00:59');
    expect(urgencyOf(300)).toBe('critical');
    expect(urgencyOf(301)).toBe('urgent');
  });
});
