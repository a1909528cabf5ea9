import type { LoaderFunctionArgs } from 'react-router';
import type { SsrLoadContext } from '../../lib/ssr-route.ts';

/** PLACEHOLDER (lead): the market pages' first view, fetched by the server renderer. */
export async function loadMarket(_args: LoaderFunctionArgs, _ssr: SsrLoadContext): Promise<void> {}

export async function loadMarketListing(_args: LoaderFunctionArgs, _ssr: SsrLoadContext): Promise<void> {}
