import { createBrowserRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { adminRoutes } from '../features/admin/routes';
import { auctionsRoutes } from '../features/auctions/routes';
import { domainsRoutes } from '../features/domains/routes';
import { fundsPublicRoutes, fundsRoutes } from '../features/funds/routes';
import { messagesRoutes } from '../features/messages/routes';
import { myAuctionsRoutes } from '../features/my-auctions/routes';
import { ordersRoutes } from '../features/orders/routes';
import { payoutsRoutes } from '../features/payouts/routes';
import { homeRoutes } from '../features/home/routes';
import { profileRoutes } from '../features/profile/routes';
import { securityRoutes } from '../features/security/routes';
import { supportRoutes } from '../features/support/routes';
import { configureApiClient } from '../lib/api-client';
import { ConsoleGuard } from './console/console-guard';
import { RootErrorPage, RouteErrorPage } from './errors/route-error-page';
import { ShellHydrateFallback, ShellLayout } from './shell/shell-layout';

const notFound: RouteObject['lazy'] = async () => {
  const { NotFoundPage } = await import('./errors/not-found-page');
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
      lazy: () => import('../components/console-layout').then((m) => ({ Component: m.ConsoleLayout })),
      children: [
        ...securityRoutes,
        ...fundsRoutes,
        ...payoutsRoutes,
        ...ordersRoutes,
        ...messagesRoutes,
        ...myAuctionsRoutes,
        ...domainsRoutes,
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
          ...supportRoutes,
          ...accountRoutes,
          consoleRoute,
          ...adminRoutes,
          ...fundsPublicRoutes,
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(appRoutes);

// The request pipeline (login redirects, contact-info dialog) navigates through the router, not a page load.
configureApiClient({
  navigate: (to) => {
    void router.navigate(to);
  },
});
