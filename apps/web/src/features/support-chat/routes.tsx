import Box from '@mui/material/Box';
import type { RouteObject } from 'react-router';
import { RootErrorPage } from '../../app/errors/route-error-page.tsx';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

/** Shown while the window's code loads (the route has no shell whose fallback would show instead). */
function ChatWindowLoading() {
  return (
    <Box sx={{ height: '100dvh', display: 'grid', placeItems: 'center' }}>
      <LoadingSpinner size={32} />
    </Box>
  );
}

/**
 * /support/chat: the customer-service chat window. Outside the shell (no top bar, no footer: it opens in a small
 * window of its own) and rendered in the browser only.
 */
export const supportChatRoutes: RouteObject[] = [
  {
    path: 'support/chat',
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <ChatWindowLoading />,
    lazy: () => import('./pages/chat-window-route.tsx').then((m) => ({ Component: m.ChatWindowRoute })),
  },
];
