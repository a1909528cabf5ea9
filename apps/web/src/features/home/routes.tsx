import type { RouteObject } from 'react-router';

/** Home page at `/` (index route of the shell layout). */
export const homeRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./pages/home-page').then((m) => ({ Component: m.HomePage })),
  },
];
