import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { auctionsRoutes } from '../features/auctions/routes.tsx';
import { buyingRoutes } from '../features/buying/routes.tsx';
import { domainsRoutes } from '../features/domains/routes.tsx';
import { fundsPublicRoutes, fundsRoutes } from '../features/funds/routes.tsx';
import { homeRoutes } from '../features/home/routes.tsx';
import { marketRoutes, sellerRoutes } from '../features/listings/routes.tsx';
import { messagesRoutes } from '../features/messages/routes.tsx';
import { myAuctionsRoutes } from '../features/my-auctions/routes.tsx';
import { notificationsRoutes } from '../features/notifications/routes.tsx';
import { ordersRoutes } from '../features/orders/routes.tsx';
import { payoutsRoutes } from '../features/payouts/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { securityRoutes } from '../features/security/routes.tsx';
import { supportRoutes } from '../features/support/routes.tsx';
import { supportChatRoutes } from '../features/support-chat/routes.tsx';
import { configureApiClient } from '../lib/api-client.ts';
import { SSR_NOT_FOUND } from '../lib/ssr-route.ts';
import { ConsoleGuard } from './console/console-guard.tsx';
import { RootErrorPage, RouteErrorPage } from './errors/route-error-page.tsx';
import { ShellHydrateFallback, ShellLayout } from './shell/shell-layout.tsx';

const notFound: RouteObject['lazy'] = async () => {
  const { NotFoundPage } = await import('./errors/not-found-page.tsx');
  return { Component: NotFoundPage };
};

/**
 * /console/*: the guard, then the console pages (they arrive with later issues). Until then /console itself (the
 * index) and any path below it render the 404 page, lazily like the catch-all.
 */
export const consoleRoute: RouteObject = {
  path: 'console',
  element: <ConsoleGuard />,
  children: [
    ...profileRoutes,
    {
      lazy: () => import('../components/console-layout.tsx').then((m) => ({ Component: m.ConsoleLayout })),
      children: [
        ...securityRoutes,
        ...fundsRoutes,
        ...payoutsRoutes,
        ...ordersRoutes,
        ...messagesRoutes,
        ...myAuctionsRoutes,
        ...domainsRoutes,
        ...sellerRoutes,
        ...buyingRoutes,
      ],
    },
    { index: true, lazy: notFound },
    { path: '*', lazy: notFound },
  ],
};

/**
 * Route tree: the shell layout wraps everything; a pathless child carries the page error boundary so that
 * page errors render inside the shell. Console pages arrive under the `console` guard in later issues.
 */
export const appRoutes: RouteObject[] = [
  ...supportChatRoutes,
  {
    id: 'shell',
    element: <ShellLayout />,
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <ShellHydrateFallback />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...homeRoutes,
          ...auctionsRoutes,
          ...marketRoutes,
          ...supportRoutes,
          ...accountRoutes,
          consoleRoute,
          ...adminRoutes,
          ...fundsPublicRoutes,
          ...notificationsRoutes,
          { path: '*', handle: SSR_NOT_FOUND, lazy: notFound },
        ],
      },
    ],
  },
];

/**
 * Loads the lazy parts of the routes that match `url` (their components), so that a server-rendered page
 * hydrates with the same tree the server rendered instead of a loading state.
 */
export async function loadMatchedRoutes(routes: RouteObject[], url: string | URL): Promise<void> {
  const location = typeof url === 'string' ? url : `${url.pathname}${url.search}`;
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** The browser's router (hydration data, when the page was rendered on the server, comes from its payload). */
export function createAppRouter() {
  const router = createBrowserRouter(appRoutes);
  // The request pipeline (login redirects, contact-info dialog) navigates through the router, not a page load.
  configureApiClient({
    navigate: (to) => {
      void router.navigate(to);
    },
  });
  return router;
}
