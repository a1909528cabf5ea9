import type { LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { notFoundResponse, type SsrLoadContext } from '../../lib/ssr-route.ts';
import { marketQuery } from './api/get-market.ts';
import { marketListingQuery } from './api/get-market-listing.ts';
import { marketDomainOf } from './lib/market-domain.ts';
import { MARKET_PAGE_SIZE, marketSearchFromParams } from './lib/market-query.ts';

/**
 * The first view's data of the market pages, fetched by the server renderer (routes.tsx imports this module only
 * when a loader runs on the server, so the browser's first download does not carry the pages' API code).
 */

/** /market: the list for the address's filter, sort and page. */
export async function loadMarket({ request }: LoaderFunctionArgs, { queryClient }: SsrLoadContext): Promise<void> {
  const { filter, sort, page } = marketSearchFromParams(new URL(request.url).searchParams);
  await queryClient.prefetchQuery(marketQuery({ filter, sort, page, pageSize: MARKET_PAGE_SIZE }));
}

/** /market/:domain: the listing; an unknown or malformed domain answers 404. */
export async function loadMarketListing(
  { params }: LoaderFunctionArgs,
  { queryClient }: SsrLoadContext,
): Promise<void> {
  const domain = marketDomainOf(params.domain);
  if (!domain) throw notFoundResponse();
  try {
    await queryClient.fetchQuery(marketListingQuery(domain));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.code === 'Listing.NotFound')) throw notFoundResponse();
    // Anything else (a 400 for a name the server refuses included): 404 for a bad name, else the loading state.
    if (isApiError(error) && error.status === 400) throw notFoundResponse();
  }
}
