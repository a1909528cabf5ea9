import type { RouteObject } from 'react-router';

/** Console pages of the message centre, relative to /console (inside the console menu layout). */
export const messagesRoutes: RouteObject[] = [
  {
    path: 'message/list',
    lazy: () => import('./pages/message-list-page.tsx').then((m) => ({ Component: m.MessageListPage })),
  },
];
