import type { RouteObject } from 'react-router';

/** Console pages for payees and settlements, relative to /console (inside the console menu layout). */
export const payoutsRoutes: RouteObject[] = [
  {
    path: 'fund/payees',
    lazy: () => import('./pages/payees-page.tsx').then((m) => ({ Component: m.PayeesPage })),
  },
  {
    path: 'fund/settlements',
    lazy: () => import('./pages/settlements-page.tsx').then((m) => ({ Component: m.SettlementsPage })),
  },
];
