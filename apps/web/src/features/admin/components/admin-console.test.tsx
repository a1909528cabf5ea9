import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { writeUserInfo } from '../../../lib/user-storage.ts';
import { AdminConsole } from './admin-console.tsx';

/** The server: check-login confirms the stored account; /admin/me answers an operator of `role`, or an error. */
function serve(me: { role: string } | { error: 'Account.Forbidden' | 'Account.Unauthorized' }) {
  server.use(
    http.get('/api/account/check-login', () => ok({ accountNo: 'NB100001', nickname: 'Ada' })),
    http.get('/api/admin/me', () =>
      'error' in me
        ? fail(me.error)
        : ok({ accountNo: 'NB100001', nickname: 'Ada', email: 'ada@example.com', role: me.role }),
    ),
    // The session has ended for good: the refresh token is refused too.
    http.post('/api/account/refresh-token', () => fail('Account.Unauthorized')),
  );
}

function renderAt(path: string, locale: 'zh-CN' | 'en-US' = 'en-US') {
  return renderWithProviders(null, {
    path,
    locale,
    session: true,
    routes: [
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
  });
}

/** The entries of the side menu (the first of the two menus; phones get tabs). */
function menu(): string[] {
  const [side] = screen.getAllByRole('navigation', { name: 'Operator console menu' });
  return within(side as HTMLElement)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('<AdminConsole> guard', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('sends a visitor to sign in, coming back to the console page afterwards', async () => {
    const { router } = renderAt('/admin/payees?queue=all');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/payees?queue=all')}`);
    expect(requestsTo('GET', '/api/admin/me')).toHaveLength(0);
  });

  it('shows a no-permission page to a signed-in user who is not an operator', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ error: 'Account.Forbidden' });
    renderAt('/admin');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'No permission' })).toBeDefined();
    expect(alert.textContent).toContain('Ada');
    expect(screen.queryByText('dashboard page')).toBeNull();
  });

  it('sends a user whose session ended (the refresh failed too) to sign in', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ error: 'Account.Unauthorized' });
    const { router } = renderAt('/admin/users');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/users')}`);
  });

  it('shows an admin every section, with the role', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'admin' });
    renderAt('/admin');
    await screen.findByText('dashboard page');
    expect(menu()).toEqual([
      'Dashboard',
      'Payee review',
      'Settlements',
      'Users',
      'Auction lots',
      'Delivery queue',
      'Listing review',
      'Contact-us inbox',
      'Customer service',
      'Announcements',
      'Lot feeds',
      'Parameters',
      'Audit log',
    ]);
    expect(screen.getAllByText('Administrator')).not.toHaveLength(0);
  });

  it('heads the console in Chinese with the e-mail and role, not the English nickname of a seeded operator', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Operator' });
    serve({ role: 'admin' });
    server.use(
      http.get('/api/admin/me', () =>
        ok({ accountNo: 'NB100001', nickname: 'Operator', email: 'admin@namebourse.com', role: 'admin' }),
      ),
    );
    renderAt('/admin', 'zh-CN');
    await screen.findByText('dashboard page');
    const frame = screen.getByTestId('admin-console');
    expect(within(frame).getAllByText('运营后台')).not.toHaveLength(0);
    expect(within(frame).getByTestId('admin-operator-email').textContent).toBe('admin@namebourse.com');
    expect(within(frame).getAllByText('管理员')).not.toHaveLength(0);
    expect(within(frame).getAllByRole('navigation', { name: '运营后台菜单' })).not.toHaveLength(0);
    expect(frame.textContent).not.toMatch(/Operator/);
  });

  it('lands support on the user lookup, with the delivery queue beside it in the menu', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'support' });
    const { router } = renderAt('/admin');
    await screen.findByText('users page');
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(menu()).toEqual([
      'Users',
      'Delivery queue',
      'Listing review',
      'Contact-us inbox',
      'Customer service',
      'Announcements',
    ]);
  });

  it('tells support that a review queue is not for their role', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'support' });
    renderAt('/admin/payees');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('As Support you cannot open Payee review');
    expect(screen.queryByText('payees page')).toBeNull();
  });

  it('lets support into the delivery queue', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'support' });
    renderAt('/admin/deliveries');
    await screen.findByText('deliveries page');
  });

  it('tells a finance reviewer that the delivery queue is not for their role', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'finance' });
    renderAt('/admin/deliveries');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('As Finance reviewer you cannot open Delivery queue');
    expect(screen.queryByText('deliveries page')).toBeNull();
  });

  it('lets a finance reviewer into the payee queue', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    serve({ role: 'finance' });
    renderAt('/admin/payees');
    await screen.findByText('payees page');
    expect(menu()).toEqual(['Dashboard', 'Payee review', 'Settlements', 'Users']);
    expect(screen.getAllByText('Finance reviewer')).not.toHaveLength(0);
  });
});
