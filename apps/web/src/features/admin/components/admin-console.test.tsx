import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../app/session/session-context';
import { render, waitFor } from '../../../app/test-render';
import { ApiError, api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { writeUserInfo } from '../../../lib/user-storage';
import { AdminConsole } from './admin-console';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { ...(await importOriginal()).api, get: vi.fn() },
}));

const get = vi.mocked(api.get);

/** The server: check-login confirms the stored account; /admin/me answers `me` (an operator, or an error). */
function serve(me: { role: string } | ApiError) {
  get.mockImplementation(async (path: string) => {
    if (path === '/account/check-login') return { accountNo: 'NB100001', nickname: 'Ada' };
    if (path === '/admin/me') {
      if (me instanceof ApiError) throw me;
      return { accountNo: 'NB100001', nickname: 'Ada', email: 'ada@example.com', role: me.role };
    }
    throw new Error(`unexpected GET ${path}`);
  });
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
          {
            path: 'admin',
            element: <AdminConsole />,
            children: [
              { index: true, element: <p>dashboard page</p> },
              { path: 'payees', element: <p>payees page</p> },
              { path: 'users', element: <p>users page</p> },
              { path: 'users/:accountNo', element: <p>user page</p> },
              { path: 'deliveries', element: <p>deliveries page</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = await render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** The menu entries of the desktop side menu. */
function menu(container: HTMLElement): string[] {
  const nav = container.querySelector('nav');
  return [...(nav?.querySelectorAll('a') ?? [])].map((a) => a.textContent ?? '');
}

describe('<AdminConsole> guard', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    localStorage.clear();
    get.mockReset();
  });
  afterEach(() => localStorage.clear());

  it('sends a visitor to sign in, coming back to the console page afterwards', async () => {
    const { container, router, unmount } = await mountAt('/admin/payees?queue=all');
    await waitFor(() => expect(container.textContent).toBe('login page'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/payees?queue=all')}`);
    expect(get).not.toHaveBeenCalledWith('/admin/me', undefined, expect.anything());
    unmount();
  });

  it('shows a no-permission page to a signed-in user who is not an operator', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve(new ApiError({ code: 'Account.Forbidden', message: 'You do not have permission to do this', status: 403 }));
    const { container, unmount } = await mountAt('/admin');
    await waitFor(() => expect(container.querySelector('[data-testid="admin-no-permission"]')).not.toBeNull());
    expect(container.querySelector('h1')?.textContent).toBe('No permission');
    expect(container.textContent).toContain('Ada');
    expect(container.textContent).not.toContain('dashboard page');
    unmount();
  });

  it('sends a user whose session ended (the refresh failed too) to sign in', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve(new ApiError({ code: 'Account.Unauthorized', message: 'This action requires login', status: 401 }));
    const { container, router, unmount } = await mountAt('/admin/users');
    await waitFor(() => expect(container.textContent).toBe('login page'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/users')}`);
    unmount();
  });

  it('shows an admin every section, with the role', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'admin' });
    const { container, unmount } = await mountAt('/admin');
    await waitFor(() => expect(container.textContent).toContain('dashboard page'));
    expect(menu(container)).toEqual([
      'Dashboard',
      'Payee review',
      'Settlements',
      'Users',
      'Auction lots',
      'Delivery queue',
    ]);
    expect(container.querySelector('[data-testid="admin-role"]')?.textContent).toBe('Administrator');
    unmount();
  });

  it('lands support on the user lookup, with the delivery queue beside it in the menu', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'support' });
    const { container, router, unmount } = await mountAt('/admin');
    await waitFor(() => expect(container.textContent).toContain('users page'));
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(menu(container)).toEqual(['Users', 'Delivery queue']);
    unmount();
  });

  it('tells support that a review queue is not for their role', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'support' });
    const { container, unmount } = await mountAt('/admin/payees');
    await waitFor(() => expect(container.querySelector('[data-testid="admin-no-permission"]')).not.toBeNull());
    expect(container.textContent).toContain('As Support you cannot open Payee review');
    expect(container.textContent).not.toContain('payees page');
    unmount();
  });

  it('lets support into the delivery queue', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'support' });
    const { container, unmount } = await mountAt('/admin/deliveries');
    await waitFor(() => expect(container.textContent).toContain('deliveries page'));
    unmount();
  });

  it('tells a finance reviewer that the delivery queue is not for their role', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'finance' });
    const { container, unmount } = await mountAt('/admin/deliveries');
    await waitFor(() => expect(container.querySelector('[data-testid="admin-no-permission"]')).not.toBeNull());
    expect(container.textContent).toContain('As Finance reviewer you cannot open Delivery queue');
    expect(container.textContent).not.toContain('deliveries page');
    unmount();
  });

  it('lets a finance reviewer into the payee queue', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'finance' });
    const { container, unmount } = await mountAt('/admin/payees');
    await waitFor(() => expect(container.textContent).toContain('payees page'));
    expect(menu(container)).toEqual(['Dashboard', 'Payee review', 'Settlements', 'Users']);
    expect(container.querySelector('[data-testid="admin-role"]')?.textContent).toBe('Finance reviewer');
    unmount();
  });
});
