import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n';
import { api } from '../lib/api-client';
import { readUserInfo, writeUserInfo } from '../lib/user-storage';
import { ConsoleGuard } from './console/console-guard';
import { consoleGuardDecision } from './console/console-guard-decision';
import { consoleRoute } from './router';
import { SessionProvider } from './session/session-context';
import { render, waitFor } from './test-render';

vi.mock(import('../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { ...(await importOriginal()).api, get: vi.fn() },
}));

const get = vi.mocked(api.get);
const signedIn = { status: 'ok' as const, info: { accountNo: 'NB100001', nickname: 'Ada' } };

describe('consoleGuardDecision (spec §6 local check)', () => {
  it('redirects at once when no account id is stored', () => {
    expect(consoleGuardDecision('')).toBe('redirect');
    expect(consoleGuardDecision('', signedIn)).toBe('redirect');
  });

  it('waits for check-login when an account id is stored', () => {
    expect(consoleGuardDecision('NB100001')).toBe('pending');
  });

  it('redirects when check-login answers an empty accountNo or fails', () => {
    expect(consoleGuardDecision('NB100001', { status: 'ok', info: { accountNo: '', nickname: '' } })).toBe('redirect');
    expect(consoleGuardDecision('NB100001', { status: 'error', error: new Error('500') })).toBe('redirect');
  });

  it('lets the user through when check-login confirms the account', () => {
    expect(consoleGuardDecision('NB100001', signedIn)).toBe('allow');
  });
});

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
          {
            path: 'console',
            element: <ConsoleGuard />,
            children: [{ path: 'domain/list', element: <p>my domains</p> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = await render(<RouterProvider router={router} />);
  return { router, ...view };
}

describe('<ConsoleGuard>', () => {
  beforeEach(() => {
    localStorage.clear();
    get.mockReset();
  });
  afterEach(() => localStorage.clear());

  it('without a stored account id: goes to login with a redirect, without calling check-login', async () => {
    const { router, container, unmount } = await mountAt('/console/domain/list?page=2');
    await waitFor(() => expect(container.textContent).toBe('login page'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/console/domain/list?page=2')}`);
    expect(get).not.toHaveBeenCalled();
    unmount();
  });

  it('with a stored id and a confirmed session: renders the console page', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    get.mockResolvedValue({ accountNo: 'NB100001', nickname: 'Ada Lovelace' });
    const { container, router, unmount } = await mountAt('/console/domain/list');
    await waitFor(() => expect(container.textContent).toBe('my domains'));
    expect(get).toHaveBeenCalledWith('/account/check-login', undefined, expect.anything());
    expect(router.state.location.pathname).toBe('/console/domain/list');
    // The answer is written back to storage.
    expect(readUserInfo()).toEqual({ accountNo: 'NB100001', nickname: 'Ada Lovelace' });
    unmount();
  });

  it('with a stored id but an empty accountNo from check-login: goes to login', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    get.mockResolvedValue({ accountNo: '', nickname: '' });
    const { container, router, unmount } = await mountAt('/console/domain/list');
    await waitFor(() => expect(container.textContent).toBe('login page'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/console/domain/list')}`);
    expect(readUserInfo().accountNo).toBe('');
    unmount();
  });

  it('with a stored id but a failing check-login: goes to login', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    get.mockRejectedValue(new Error('Request failed'));
    const { container, unmount } = await mountAt('/console/domain/list');
    await waitFor(() => expect(container.textContent).toBe('login page'));
    unmount();
  });
});

describe('the console route of the app', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    localStorage.clear();
    get.mockReset();
    get.mockResolvedValue({ accountNo: 'NB100001', nickname: 'Ada' });
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
  });
  afterEach(() => localStorage.clear());

  it.each(['/console', '/console/', '/console/no-such-page'])(
    'renders the 404 page at %s for a signed-in user (console pages arrive later)',
    async (path) => {
      const router = createMemoryRouter(
        [
          {
            element: (
              <SessionProvider>
                <Outlet />
              </SessionProvider>
            ),
            hydrateFallbackElement: <p>loading</p>,
            children: [consoleRoute],
          },
        ],
        { initialEntries: [path] },
      );
      const { container, unmount } = await render(<RouterProvider router={router} />);
      await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Page not found'));
      expect(container.textContent).toContain('404');
      expect(get).toHaveBeenCalledWith('/account/check-login', undefined, expect.anything());
      unmount();
    },
  );
});
