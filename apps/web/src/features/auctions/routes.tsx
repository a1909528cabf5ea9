import type { RouteObject } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { notFoundResponse, SSR_PAGE, ssrLoader } from '../../lib/ssr-route.ts';
import { auctionQuery } from './api/get-auction.ts';
import { auctionsQuery } from './api/get-auctions.ts';
import { SALE_PAGE_SIZE, searchFromParams } from './lib/filter-query.ts';

/** A lot id as the API takes it. */
export const AUCTION_ID_PATTERN = /^\d{1,19}$/;

/**
 * Public auction pages inside the shell, both rendered on the server: /sale (the list, with its query) and
 * /sale/:auctionId (a lot; an unknown or malformed id answers 404).
 */
export const auctionsRoutes: RouteObject[] = [
  {
    path: 'sale',
    handle: SSR_PAGE,
    loader: ssrLoader(async ({ request }, { queryClient }) => {
      const { filter, sort, page } = searchFromParams(new URL(request.url).searchParams);
      await queryClient.prefetchQuery(auctionsQuery({ filter, sort, page, pageSize: SALE_PAGE_SIZE }));
    }),
    lazy: () => import('./pages/sale-page.tsx').then((m) => ({ Component: m.SalePage })),
  },
  {
    path: 'sale/:auctionId',
    handle: SSR_PAGE,
    loader: ssrLoader(async ({ params }, { queryClient }) => {
      const auctionId = params.auctionId ?? '';
      if (!AUCTION_ID_PATTERN.test(auctionId)) throw notFoundResponse();
      try {
        await queryClient.fetchQuery(auctionQuery(auctionId));
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.code === 'Auction.NotFound')) throw notFoundResponse();
        // Anything else: the page renders its loading state and the browser asks again.
      }
    }),
    lazy: () => import('./pages/lot-page.tsx').then((m) => ({ Component: m.LotPage })),
  },
];
