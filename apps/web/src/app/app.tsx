import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { markAppReady } from '../lib/app-ready.ts';
import { AppProviders } from './providers.tsx';
import type { createAppRouter } from './router.tsx';

/** The browser's app: providers around the data router. */
export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient?: QueryClient;
}) {
  useEffect(() => {
    // The app is running (hydrated or rendered): what browser journeys wait for, and what the page's starter
    // waits for before it replays what the visitor did before hydration.
    markAppReady();
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
