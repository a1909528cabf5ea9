import { describe, expect, it } from 'vitest';
import { shortFingerprint, summarizeUserAgent, userAgentLabel } from './user-agent.ts';

const UA = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
};

describe('summarizeUserAgent', () => {
  it('reads common desktop browsers', () => {
    expect(summarizeUserAgent(UA.chromeMac)).toEqual({
      browser: 'Chrome',
      version: '126',
      os: 'macOS',
      kind: 'desktop',
    });
    expect(summarizeUserAgent(UA.edgeWin)).toEqual({ browser: 'Edge', version: '125', os: 'Windows', kind: 'desktop' });
    expect(summarizeUserAgent(UA.firefoxLinux)).toEqual({
      browser: 'Firefox',
      version: '127',
      os: 'Linux',
      kind: 'desktop',
    });
    expect(summarizeUserAgent(UA.headless).browser).toBe('Chrome');
  });

  it('reads phones and tablets', () => {
    expect(summarizeUserAgent(UA.safariIphone)).toEqual({
      browser: 'Safari',
      version: '17',
      os: 'iOS',
      kind: 'mobile',
    });
    expect(summarizeUserAgent(UA.chromeAndroid)).toEqual({
      browser: 'Chrome',
      version: '126',
      os: 'Android',
      kind: 'mobile',
    });
    expect(summarizeUserAgent(UA.ipad)).toMatchObject({ os: 'iOS', kind: 'tablet' });
    expect(summarizeUserAgent(UA.wechat)).toMatchObject({ browser: 'WeChat', os: 'iOS', kind: 'mobile' });
  });

  it('reads tools and copes with nothing', () => {
    expect(summarizeUserAgent('curl/8.5.0')).toEqual({ browser: 'curl', version: '8', os: null, kind: 'tool' });
    expect(summarizeUserAgent('node')).toMatchObject({ browser: 'Node.js', kind: 'tool' });
    expect(summarizeUserAgent('')).toEqual({ browser: null, version: null, os: null, kind: 'unknown' });
    expect(summarizeUserAgent(null).kind).toBe('unknown');
    expect(summarizeUserAgent('SomethingOdd/1.0').kind).toBe('unknown');
  });
});

describe('labels', () => {
  it('joins browser, version and OS', () => {
    expect(userAgentLabel(summarizeUserAgent(UA.chromeMac))).toBe('Chrome 126 · macOS');
    expect(userAgentLabel(summarizeUserAgent('curl/8.5.0'))).toBe('curl 8');
    expect(userAgentLabel(summarizeUserAgent(''))).toBeNull();
  });

  it('shortens fingerprints', () => {
    expect(shortFingerprint('0123456789abcdef')).toBe('01234567…');
    expect(shortFingerprint('abc')).toBe('abc');
    expect(shortFingerprint('unknown')).toBe('—');
    expect(shortFingerprint(undefined)).toBe('—');
  });
});
