import type { RouteObject } from 'react-router';

/** Console pages of the profile area, relative to /console (e.g. 'user/info'). */
export const profileRoutes: RouteObject[] = [
  {
    path: 'user/info',
    lazy: () => import('./pages/user-info-page.tsx').then((m) => ({ Component: m.UserInfoPage })),
  },
];
