import type { RouteObject } from 'react-router';

/** Console pages of the buyer's auctions, relative to /console (inside the console menu layout). */
export const myAuctionsRoutes: RouteObject[] = [
  {
    path: 'auction/list',
    lazy: () => import('./pages/my-auctions-page.tsx').then((m) => ({ Component: m.MyAuctionsPage })),
  },
  {
    path: 'auction/win',
    lazy: () => import('./pages/won-page.tsx').then((m) => ({ Component: m.WonPage })),
  },
];
