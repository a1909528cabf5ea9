import { USER_STORAGE_KEYS } from '@namebourse/contract';
import { act } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { api } from '../lib/api-client';
import { readUserInfo, writeUserInfo } from '../lib/user-storage';
import { logoutTarget } from './session/logout-target';
import { reloadPage } from './session/reload-page';
import { SessionProvider, useSession } from './session/session-context';
import { displayAccountNo, displayNickname } from './shell/account-menu';
import { render, waitFor } from './test-render';

vi.mock(import('../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { ...(await importOriginal()).api, get: vi.fn() },
}));
vi.mock(import('./session/reload-page'), () => ({ reloadPage: vi.fn() }));

const get = vi.mocked(api.get);

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

async function mountAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: [
          { path: 'account/login', element: <p>login page</p> },
          { path: '*', element: <LogoutProbe /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = await render(<RouterProvider router={router} />);
  return { router, ...view };
}

describe('logout', () => {
  beforeEach(() => {
    localStorage.clear();
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    vi.mocked(reloadPage).mockClear();
    get.mockReset();
  });
  afterEach(() => localStorage.clear());

  it('from a console page: calls the API, clears storage and goes to login with a redirect', async () => {
    get.mockResolvedValue(null);
    const { router, container, unmount } = await mountAt('/console/auction/list?status=bidding');
    expect(container.textContent).toBe('in:Ada');

    await act(async () => container.querySelector('button')?.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login'));

    expect(get).toHaveBeenCalledWith('/account/logout', undefined, expect.anything());
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/console/auction/list?status=bidding')}`,
    );
    expect(localStorage.getItem(USER_STORAGE_KEYS.accountNo)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEYS.nickname)).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
    unmount();
  });

  it('elsewhere: ignores a failing call, clears storage and reloads the page', async () => {
    get.mockRejectedValue(new Error('network down'));
    const { router, container, unmount } = await mountAt('/sale?page=3');

    await act(async () => container.querySelector('button')?.click());
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());

    expect(router.state.location.pathname).toBe('/sale');
    expect(readUserInfo()).toEqual({ accountNo: '', nickname: '' });
    expect(container.textContent).toBe('out');
    unmount();
  });
});
