import type { RouteObject } from 'react-router';
import { SSR_PAGE, ssrLoader } from '../../lib/ssr-route.ts';

/** Seller centre pages, relative to /console (inside the console menu layout). */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'seller',
    lazy: () => import('./pages/seller-listings-page.tsx').then((m) => ({ Component: m.SellerListingsPage })),
  },
  {
    path: 'seller/new',
    lazy: () => import('./pages/create-listing-page.tsx').then((m) => ({ Component: m.CreateListingPage })),
  },
  {
    path: 'seller/sales',
    lazy: () => import('./pages/seller-sales-page.tsx').then((m) => ({ Component: m.SellerSalesPage })),
  },
  {
    path: 'seller/:listingId',
    lazy: () => import('./pages/edit-listing-page.tsx').then((m) => ({ Component: m.EditListingPage })),
  },
];

/**
 * The public market, rendered on the server: /market (search and filters in the address) and
 * /market/:domain (one listing; an unknown domain answers 404). Their first view's data: ssr-data.ts.
 */
export const marketRoutes: RouteObject[] = [
  {
    path: 'market',
    handle: SSR_PAGE,
    loader: ssrLoader(async (args, ssr) => (await import('./ssr-data.ts')).loadMarket(args, ssr)),
    lazy: () => import('./pages/market-page.tsx').then((m) => ({ Component: m.MarketPage })),
  },
  {
    path: 'market/:domain',
    handle: SSR_PAGE,
    loader: ssrLoader(async (args, ssr) => (await import('./ssr-data.ts')).loadMarketListing(args, ssr)),
    lazy: () => import('./pages/market-listing-page.tsx').then((m) => ({ Component: m.MarketListingPage })),
  },
];
