import { describe, expect, it } from 'vitest';
import { isPhoneUserAgent, isTimeZone } from './render-env.ts';

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
