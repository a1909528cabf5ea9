import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';
import {
  isPhoneUserAgent,
  isTimeZone,
  serverRenderTimeZone,
  setUserTimeZone,
  USER_TIME_ZONE_COOKIE,
  userTimeZone,
} from './render-env.ts';

describe('what the server reads from a request for its render', () => {
  it('accepts only real IANA zones from the nb_tz cookie', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Asia/Shanghai<script>')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(undefined)).toBe(false);
    expect(isTimeZone('A'.repeat(65))).toBe(false);
  });

  it('guesses a phone from the User-Agent (phones and small tablets, not tablets or desktops)', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    const androidPhone =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
    const androidTablet = 'Mozilla/5.0 (Linux; Android 13; Tablet) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    expect(isPhoneUserAgent(iphone)).toBe(true);
    expect(isPhoneUserAgent(androidPhone)).toBe(true);
    expect(isPhoneUserAgent(androidTablet)).toBe(false);
    expect(isPhoneUserAgent(desktop)).toBe(false);
    expect(isPhoneUserAgent(undefined)).toBe(false);
  });
});

describe('the signed-in user’s time-zone setting', () => {
  it('wins over the device’s zone in the server render, which falls back to the device’s, then UTC', () => {
    const cookies = (values: Record<string, string>) => (name: string) => values[name];
    expect(serverRenderTimeZone(cookies({ nb_utz: 'America/New_York', nb_tz: 'Asia/Tokyo' }))).toBe('America/New_York');
    expect(serverRenderTimeZone(cookies({ nb_utz: 'Mars/Olympus', nb_tz: 'Asia/Tokyo' }))).toBe('Asia/Tokyo');
    expect(serverRenderTimeZone(cookies({}))).toBe('UTC');
  });

  it('once set, every date is written in it; signing out forgets it', () => {
    setUserTimeZone('America/New_York');
    expect(userTimeZone()).toBe('America/New_York');
    expect(document.cookie).toContain(`${USER_TIME_ZONE_COOKIE}=America%2FNew_York`);
    expect(formatDateTime('2026-01-05T00:00:00.000Z', 'en-US')).toBe('01/04/2026, 19:00');
    // An explicit zone (a server-rendered page's) still wins.
    expect(formatDateTime('2026-01-05T00:00:00.000Z', 'en-US', 'UTC')).toBe('01/05/2026, 00:00');
    setUserTimeZone(null);
    expect(userTimeZone()).toBeUndefined();
    expect(document.cookie).not.toContain(USER_TIME_ZONE_COOKIE);
  });
});
