import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeRedirect('/console/domain/list')).toBe('/console/domain/list');
    expect(safeRedirect('/sale?tld=com#top')).toBe('/sale?tld=com#top');
  });

  it('falls back to / for missing, empty, relative or foreign targets', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'console',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
    ]) {
      expect(safeRedirect(value)).toBe('/');
    }
    expect(safeRedirect('javascript:alert(1)')).toBe('/');
  });

  it('rejects control characters that parsers strip', () => {
    expect(safeRedirect('/\t/evil.example')).toBe('/');
    expect(safeRedirect('/\n/evil.example')).toBe('/');
  });

  it('does not send the user back to the sign-in pages', () => {
    expect(safeRedirect('/account/login')).toBe('/');
    expect(safeRedirect('/account/register?redirect=%2F')).toBe('/');
    expect(safeRedirect('/account-other')).toBe('/account-other');
  });
});

describe('withRedirect', () => {
  it('carries a safe redirect on, encoded', () => {
    expect(withRedirect('/account/register', '/sale?a=1')).toBe('/account/register?redirect=%2Fsale%3Fa%3D1');
    expect(withRedirect('/account/register', '//evil')).toBe('/account/register');
    expect(withRedirect('/account/register', null)).toBe('/account/register');
  });
});
