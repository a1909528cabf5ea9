import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { ChatWindowPage } from './chat-window-page.tsx';

/** The route's component: the window has no shell around it, so it waits for its texts itself. */
export function ChatWindowRoute() {
  return (
    <Suspense
      fallback={
        <Box sx={{ height: '100dvh', display: 'grid', placeItems: 'center' }}>
          <LoadingSpinner size={32} />
        </Box>
      }
    >
      <ChatWindowPage />
    </Suspense>
  );
}
