import type { RouteObject } from 'react-router';

/** Public pages of e-mail notifications: the unsubscribe link of an e-mail (no sign-in). */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications/unsubscribe',
    lazy: () => import('./pages/unsubscribe-page.tsx').then((m) => ({ Component: m.UnsubscribePage })),
  },
];
