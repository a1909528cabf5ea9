import { isRowIdText } from '@namebourse/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { publicParametersQuery } from '../../lib/public-parameters.ts';
import { notFoundResponse, type SsrLoadContext } from '../../lib/ssr-route.ts';
import { auctionQuery } from './api/get-auction.ts';
import { auctionsQuery } from './api/get-auctions.ts';
import { bidsQuery } from './api/get-bids.ts';
import { SALE_PAGE_SIZE, searchFromParams } from './lib/filter-query.ts';

/**
 * The first view's data of the auction pages, fetched by the server renderer (routes.tsx imports this module
 * only when a loader runs on the server, so the browser's first download does not carry the pages' API code).
 */

/** /sale: the list for the address's filter, sort and page. */
export async function loadSale({ request }: LoaderFunctionArgs, { queryClient }: SsrLoadContext): Promise<void> {
  const { filter, sort, page } = searchFromParams(new URL(request.url).searchParams);
  await queryClient.prefetchQuery(auctionsQuery({ filter, sort, page, pageSize: SALE_PAGE_SIZE }));
}

/** /sale/:auctionId: the lot; an unknown or malformed id answers 404. */
export async function loadLot({ params }: LoaderFunctionArgs, { queryClient }: SsrLoadContext): Promise<void> {
  const auctionId = params.auctionId ?? '';
  if (!isRowIdText(auctionId)) throw notFoundResponse();
  // The bid panel's deposit rule is a parameter: in the first view too (no flash, no hydration mismatch).
  const parameters = queryClient.prefetchQuery(publicParametersQuery());
  // The first page of its bid records, so the page shows them before (and without) the app starting.
  const bids = queryClient.prefetchQuery(bidsQuery(auctionId, 1));
  try {
    await queryClient.fetchQuery(auctionQuery(auctionId));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.code === 'Auction.NotFound')) throw notFoundResponse();
    // Anything else: the page renders its loading state and the browser asks again.
  } finally {
    await Promise.all([parameters, bids]);
  }
}
