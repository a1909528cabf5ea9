import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';

/** How many times a query is retried after a transient failure. */
export const QUERY_RETRIES = 1;

/**
 * Whether a failed query runs again. Every attempt goes through the whole request pipeline (toast, token
 * refresh, dialogs), so only transient failures are retried, once: a network error or a timeout. Business
 * errors, HTTP errors, caller aborts and anything that is not an ApiError are not.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

/** One client for the app: transient query failures retried once, mutations never; data fresh for 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
