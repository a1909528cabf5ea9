import type { AdminRestrictions, AdminUserDetail, Operator } from '@namebourse/contract';
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { http, ok, renderWithProviders, server } from '../../../lib/testing/index.ts';
import { UserDetailPage } from './user-detail-page.tsx';

const USER: AdminUserDetail = {
  accountNo: 'NB100002',
  email: 'zhang@example.com',
  nickname: 'Zhang',
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
  availableCents: 1_000,
  frozenCents: 0,
  earningsCents: 0,
  holds: [],
  recentLines: [],
  history: [],
};
const RESTRICTED: AdminRestrictions = {
  accountNo: 'NB100002',
  current: {
    restrictionId: '1',
    scopes: ['bid'],
    reason: 'Shill bidding',
    until: null,
    status: 'active',
    createdAt: '2026-01-03T00:00:00.000Z',
    createdBy: 'NB900001',
    liftedAt: null,
    liftedBy: null,
    liftReason: null,
  },
  history: [],
};

function renderAs(role: Operator['role']) {
  const operator: Operator = { accountNo: 'NB900001', nickname: 'Op', email: 'op@example.com', role };
  server.use(
    http.get('/api/admin/users/NB100002', () => ok(USER)),
    http.get('/api/admin/users/NB100002/restrictions', () => ok(RESTRICTED)),
  );
  return renderWithProviders(null, {
    path: '/admin/users/NB100002',
    routes: [
      {
        path: 'admin',
        element: <Outlet context={{ operator }} />,
        children: [{ path: 'users/:accountNo', element: <UserDetailPage /> }],
      },
    ],
  });
}

describe('the user detail page’s restrictions by role', () => {
  it('support agents see the restriction in force and may lift or change it', async () => {
    renderAs('support');
    const card = await screen.findByTestId('admin-restrictions');
    expect((await within(card).findByTestId('admin-restriction-current')).textContent).toContain('Shill bidding');
    expect(within(card).getByRole('button', { name: 'Lift' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Change restriction' })).toBeTruthy();
  });

  it('finance reviewers see it without the buttons', async () => {
    renderAs('finance');
    const card = await screen.findByTestId('admin-restrictions');
    await within(card).findByTestId('admin-restriction-current');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
