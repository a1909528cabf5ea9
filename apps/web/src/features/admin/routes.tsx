import type { RouteObject } from 'react-router';

/** The operator console under /admin: its own guard and layout (components/admin-console), one page per section. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: () => import('./components/admin-console.tsx').then((m) => ({ Component: m.AdminConsole })),
    children: [
      {
        index: true,
        lazy: () => import('./pages/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
      },
      {
        path: 'payees',
        lazy: () => import('./pages/payees-page.tsx').then((m) => ({ Component: m.PayeesPage })),
      },
      {
        path: 'settlements',
        lazy: () => import('./pages/settlements-page.tsx').then((m) => ({ Component: m.SettlementsPage })),
      },
      {
        path: 'auctions',
        lazy: () => import('./pages/auctions-page.tsx').then((m) => ({ Component: m.AuctionsPage })),
      },
      {
        path: 'deliveries',
        lazy: () => import('./pages/deliveries-page.tsx').then((m) => ({ Component: m.DeliveriesPage })),
      },
      {
        path: 'listings',
        lazy: () => import('./pages/listings-review-page.tsx').then((m) => ({ Component: m.ListingsReviewPage })),
      },
      {
        path: 'users',
        lazy: () => import('./pages/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
      },
      {
        path: 'users/:accountNo',
        lazy: () => import('./pages/user-detail-page.tsx').then((m) => ({ Component: m.UserDetailPage })),
      },
      {
        path: '*',
        lazy: () => import('../../app/errors/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
