import type { RouteObject } from 'react-router';

/** The operator console under /admin: its own guard and layout (components/admin-console), one page per section. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: () => import('./components/admin-console').then((m) => ({ Component: m.AdminConsole })),
    children: [
      {
        index: true,
        lazy: () => import('./pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
      },
      {
        path: 'payees',
        lazy: () => import('./pages/payees-page').then((m) => ({ Component: m.PayeesPage })),
      },
      {
        path: 'settlements',
        lazy: () => import('./pages/settlements-page').then((m) => ({ Component: m.SettlementsPage })),
      },
      {
        path: 'auctions',
        lazy: () => import('./pages/auctions-page').then((m) => ({ Component: m.AuctionsPage })),
      },
      {
        path: 'deliveries',
        lazy: () => import('./pages/deliveries-page').then((m) => ({ Component: m.DeliveriesPage })),
      },
      {
        path: 'users',
        lazy: () => import('./pages/users-page').then((m) => ({ Component: m.UsersPage })),
      },
      {
        path: 'users/:accountNo',
        lazy: () => import('./pages/user-detail-page').then((m) => ({ Component: m.UserDetailPage })),
      },
      {
        path: '*',
        lazy: () => import('../../app/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
