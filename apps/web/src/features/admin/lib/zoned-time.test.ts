import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput, zonedWallTime } from './zoned-time.ts';

describe('wall-clock times in the operator’s zone', () => {
  it('read an input as a time in that zone, summer time included', () => {
    expect(fromZonedInput('2026-12-01T09:30', 'Asia/Shanghai')?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(fromZonedInput('2026-01-15T09:30', 'America/New_York')?.toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(fromZonedInput('2026-07-15T09:30', 'America/New_York')?.toISOString()).toBe('2026-07-15T13:30:00.000Z');
    expect(fromZonedInput('2026-07-15T09:30', 'UTC')?.toISOString()).toBe('2026-07-15T09:30:00.000Z');
    expect(fromZonedInput('not a time', 'UTC')).toBeNull();
  });

  it('show a time in that zone, so that it reads back the same', () => {
    const at = new Date('2026-12-01T01:30:00.000Z');
    expect(toZonedInput(at, 'Asia/Shanghai')).toBe('2026-12-01T09:30');
    expect(toZonedInput(at, 'America/Los_Angeles')).toBe('2026-11-30T17:30');
    expect(fromZonedInput(toZonedInput(at, 'Europe/Berlin'), 'Europe/Berlin')?.toISOString()).toBe(at.toISOString());
  });

  it('give the bounds of a day in that zone', () => {
    const start = zonedWallTime(
      { year: 2026, month: 3, day: 8, hour: 0, minute: 0, second: 0, ms: 0 },
      'Asia/Shanghai',
    );
    const end = zonedWallTime(
      { year: 2026, month: 3, day: 8, hour: 23, minute: 59, second: 59, ms: 999 },
      'America/New_York',
    );
    expect(start.toISOString()).toBe('2026-03-07T16:00:00.000Z');
    // 8 March 2026 is the day New York moves to summer time: the day ends at UTC−4.
    expect(end.toISOString()).toBe('2026-03-09T03:59:59.999Z');
  });
});
