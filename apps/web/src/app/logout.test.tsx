import { USER_STORAGE_KEYS } from '@namebourse/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse, http, ok, renderWithProviders, requestsTo, server } from '../lib/testing/index.ts';
import { readUserInfo, writeUserInfo } from '../lib/user-storage.ts';
import { logoutTarget } from './session/logout-target.ts';
import { reloadPage } from './session/reload-page.ts';
import { useSession } from './session/session-context.tsx';
import { displayAccountNo, displayNickname } from './shell/account-menu.tsx';

// jsdom cannot reload a page: the reload is observed instead.
vi.mock(import('./session/reload-page.ts'), () => ({ reloadPage: vi.fn() }));

describe('logoutTarget (spec §2)', () => {
  it('sends a /console page to login with a redirect back to the current address', () => {
    expect(logoutTarget('/console/domain/list', '/console/domain/list?page=2&tld=com')).toEqual({
      kind: 'login',
      to: '/account/login?redirect=%2Fconsole%2Fdomain%2Flist%3Fpage%3D2%26tld%3Dcom',
    });
    expect(logoutTarget('/console', '/console')).toEqual({ kind: 'login', to: '/account/login?redirect=%2Fconsole' });
  });

  it('reloads anywhere else', () => {
    for (const path of ['/', '/sale', '/help-center/', '/about-us', '/account/register', '/consoles']) {
      expect(logoutTarget(path, `${path}?q=1`)).toEqual({ kind: 'reload' });
    }
  });
});

describe('account popup texts (spec §2)', () => {
  it("falls back to '--' for the nickname and '---' for the account id", () => {
    expect(displayNickname({ accountNo: '', nickname: '' })).toBe('--');
    expect(displayAccountNo({ accountNo: '', nickname: '' })).toBe('---');
    expect(displayNickname({ accountNo: 'NB1', nickname: 'Ada' })).toBe('Ada');
    expect(displayAccountNo({ accountNo: 'NB1', nickname: 'Ada' })).toBe('NB1');
  });
});

function LogoutProbe() {
  const session = useSession();
  return (
    <button type="button" onClick={() => void session.logout()}>
      {session.isLogin ? `in:${session.userInfo.nickname}` : 'out'}
    </button>
  );
}

function renderAt(path: string) {
  return renderWithProviders(<LogoutProbe />, {
    path,
    session: true,
    routes: [{ path: 'account/login', element: <p>login page</p> }],
  });
}

describe('logout', () => {
  beforeEach(() => {
    localStorage.clear();
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    vi.mocked(reloadPage).mockClear();
  });
  afterEach(() => localStorage.clear());

  it('from a console page: calls the API, clears storage and goes to login with a redirect', async () => {
    server.use(http.get('/api/account/logout', () => ok(null)));
    const { user, router } = renderAt('/console/auction/list?status=bidding');

    await user.click(screen.getByRole('button', { name: 'in:Ada' }));
    await screen.findByText('login page');

    const [logout, ...more] = requestsTo('GET', '/api/account/logout');
    expect(more).toHaveLength(0);
    expect(logout?.headers.get('X-XSRF-TOKEN')).toBe('test-csrf');
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/console/auction/list?status=bidding')}`,
    );
    expect(localStorage.getItem(USER_STORAGE_KEYS.accountNo)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEYS.nickname)).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('elsewhere: ignores a failing call, clears storage and reloads the page', async () => {
    server.use(http.get('/api/account/logout', () => HttpResponse.error()));
    const { user, router } = renderAt('/sale?page=3');

    await user.click(screen.getByRole('button', { name: 'in:Ada' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());

    expect(requestsTo('GET', '/api/account/logout')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/sale');
    expect(readUserInfo()).toEqual({ accountNo: '', nickname: '' });
    expect(screen.getByRole('button', { name: 'out' })).toBeDefined();
  });
});
