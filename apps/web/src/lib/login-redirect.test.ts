import { afterEach, describe, expect, it } from 'vitest';
import { currentPath, loginPath } from './login-redirect.ts';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('login redirect', () => {
  it('is the current pathname with its search', () => {
    window.history.replaceState(null, '', '/console/domain/list?page=2&q=a%20b#top');
    expect(currentPath()).toBe('/console/domain/list?page=2&q=a%20b');
  });

  it('encodes the return address in redirect', () => {
    expect(loginPath('/console/auction/list?status=bidding')).toBe(
      '/account/login?redirect=%2Fconsole%2Fauction%2Flist%3Fstatus%3Dbidding',
    );
    expect(loginPath('/')).toBe('/account/login?redirect=%2F');
  });

  it('leaves redirect empty when the path already starts with /account', () => {
    expect(loginPath('/account/register')).toBe('/account/login');
    expect(loginPath('/account/login?redirect=%2Fsale')).toBe('/account/login');
    expect(loginPath('')).toBe('/account/login');
  });
});
