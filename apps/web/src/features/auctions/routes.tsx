import type { RouteObject } from 'react-router';

/** Public auction pages inside the shell: /sale (the list) and /sale/:auctionId (a lot). */
export const auctionsRoutes: RouteObject[] = [
  {
    path: 'sale',
    lazy: () => import('./pages/sale-page.tsx').then((m) => ({ Component: m.SalePage })),
  },
  {
    path: 'sale/:auctionId',
    lazy: () => import('./pages/lot-page.tsx').then((m) => ({ Component: m.LotPage })),
  },
];
