import type { RouteObject } from 'react-router';

/** Home page at `/` (index route of the shell layout). */
export const homeRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./pages/home-page.tsx').then((m) => ({ Component: m.HomePage })),
  },
];
