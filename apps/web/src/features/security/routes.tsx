import type { RouteObject } from 'react-router';

/** Console pages of the security area, relative to /console (inside the console menu layout). */
export const securityRoutes: RouteObject[] = [
  {
    path: 'user/security',
    lazy: () => import('./pages/security-page.tsx').then((m) => ({ Component: m.SecurityPage })),
  },
  {
    path: 'user/api-keys',
    lazy: () => import('./pages/api-keys-page.tsx').then((m) => ({ Component: m.ApiKeysPage })),
  },
];
