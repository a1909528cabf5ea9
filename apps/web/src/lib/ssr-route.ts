import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';

/**
 * Server rendering, as routes declare it. A route whose `handle` is `SSR_PAGE` is rendered on the server (the
 * public pages); every other route is rendered in the browser. `ssrLoader` gives such a route the data of its
 * first view: on the server it fills the render's query cache through the same API calls the page makes (the
 * server renderer answers them in-process), and may throw a 404 Response so the address answers 404; in the
 * browser it does nothing (the page's queries fetch as always).
 */
export interface RouteHandle {
  ssr?: boolean;
  /** The route stands for "no such page": the server answers 404. */
  notFound?: boolean;
}

export const SSR_PAGE: RouteHandle = { ssr: true };
export const SSR_NOT_FOUND: RouteHandle = { ssr: true, notFound: true };

/** What the server renderer hands each loader through React Router's request context. */
export interface SsrLoadContext {
  queryClient: QueryClient;
  /** The language the page is rendered in. */
  lng: string;
}

function ssrContextOf(args: LoaderFunctionArgs): SsrLoadContext | null {
  const context = args.context as { ssr?: SsrLoadContext } | undefined;
  return context?.ssr ?? null;
}

export function ssrLoader(load: (args: LoaderFunctionArgs, ssr: SsrLoadContext) => Promise<void>): LoaderFunction {
  return async (args) => {
    const ssr = ssrContextOf(args);
    if (ssr) await load(args, ssr);
    return null;
  };
}

/** The Response a loader throws for "no such page" (the route's error boundary shows the 404 page). */
export function notFoundResponse(): Response {
  return new Response('Not Found', { status: 404, statusText: 'Not Found' });
}
