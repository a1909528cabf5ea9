import type { RouteObject } from 'react-router';

/** Buyer pages of buying from sellers, relative to /console (inside the console menu layout). */
export const buyingRoutes: RouteObject[] = [
  {
    path: 'cart',
    lazy: () => import('./pages/cart-page.tsx').then((m) => ({ Component: m.CartPage })),
  },
  {
    path: 'offers',
    lazy: () => import('./pages/offers-page.tsx').then((m) => ({ Component: m.OffersPage })),
  },
  {
    path: 'watchlist',
    lazy: () => import('./pages/watchlist-page.tsx').then((m) => ({ Component: m.WatchlistPage })),
  },
];
