import type { RouteObject } from 'react-router';
import { SSR_PAGE, ssrLoader } from '../../lib/ssr-route.ts';

/** Home page at `/` (index route of the shell layout), rendered on the server with both highlight sections. */
export const homeRoutes: RouteObject[] = [
  {
    index: true,
    handle: SSR_PAGE,
    loader: ssrLoader(async (_, ssr) => (await import('./ssr-data.ts')).loadHome(ssr)),
    lazy: () => import('./pages/home-page.tsx').then((m) => ({ Component: m.HomePage })),
  },
];
