import type { RouteObject } from 'react-router';
import { SSR_PAGE, ssrLoader } from '../../lib/ssr-route.ts';

/**
 * Public auction pages inside the shell, both rendered on the server: /sale (the list, with its query) and
 * /sale/:auctionId (a lot; an unknown or malformed id answers 404). Their first view's data: ssr-data.ts.
 */
export const auctionsRoutes: RouteObject[] = [
  {
    path: 'sale',
    handle: SSR_PAGE,
    loader: ssrLoader(async (args, ssr) => (await import('./ssr-data.ts')).loadSale(args, ssr)),
    lazy: () => import('./pages/sale-page.tsx').then((m) => ({ Component: m.SalePage })),
  },
  {
    path: 'sale/:auctionId',
    handle: SSR_PAGE,
    loader: ssrLoader(async (args, ssr) => (await import('./ssr-data.ts')).loadLot(args, ssr)),
    lazy: () => import('./pages/lot-page.tsx').then((m) => ({ Component: m.LotPage })),
  },
];
