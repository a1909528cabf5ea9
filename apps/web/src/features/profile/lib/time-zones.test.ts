import { describe, expect, it } from 'vitest';
import { timeZoneLabel, utcOffsetOf } from './time-zones.ts';

describe('time zone labels', () => {
  it('give the offset from UTC on the day, summer time included', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(utcOffsetOf('Asia/Shanghai', winter)).toBe('UTC+08:00');
    expect(utcOffsetOf('America/New_York', winter)).toBe('UTC-05:00');
    expect(utcOffsetOf('America/New_York', summer)).toBe('UTC-04:00');
    expect(utcOffsetOf('UTC', winter)).toBe('UTC+00:00');
    expect(utcOffsetOf('Asia/Kolkata', winter)).toBe('UTC+05:30');
  });

  it('read as words, and leave a zone the runtime does not know as written', () => {
    const at = new Date('2026-01-15T12:00:00Z');
    expect(timeZoneLabel('America/Los_Angeles', at)).toBe('America/Los Angeles (UTC-08:00)');
    expect(timeZoneLabel('Mars/Olympus', at)).toBe('Mars/Olympus');
  });
});
