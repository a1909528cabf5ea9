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
        path: 'feedback',
        lazy: () => import('./pages/feedback-page.tsx').then((m) => ({ Component: m.FeedbackPage })),
      },
      {
        path: 'support',
        lazy: () => import('./pages/support-desk-page.tsx').then((m) => ({ Component: m.SupportDeskPage })),
      },
      {
        path: 'announcements',
        lazy: () => import('./pages/announcements-page.tsx').then((m) => ({ Component: m.AnnouncementsPage })),
      },
      {
        path: 'feeds',
        lazy: () => import('./pages/feeds-page.tsx').then((m) => ({ Component: m.FeedsPage })),
      },
      {
        path: 'parameters',
        lazy: () => import('./pages/parameters-page.tsx').then((m) => ({ Component: m.ParametersPage })),
      },
      {
        path: 'audit',
        lazy: () => import('./pages/audit-page.tsx').then((m) => ({ Component: m.AuditPage })),
      },
      {
        path: '*',
        lazy: () => import('../../app/errors/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
