import { QueryClient } from '@tanstack/react-query';

/** One client for the app: retry once, treat data as fresh for 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
