import type { RouteObject } from 'react-router';
import { RootErrorPage } from '../../app/errors/route-error-page.tsx';

/**
 * /support/chat: the customer-service chat window. Outside the shell (no top bar, no footer: it opens in a small
 * window of its own) and rendered in the browser only.
 */
export const supportChatRoutes: RouteObject[] = [
  {
    path: 'support/chat',
    errorElement: <RootErrorPage />,
    lazy: () => import('./pages/chat-window-route.tsx').then((m) => ({ Component: m.ChatWindowRoute })),
  },
];
