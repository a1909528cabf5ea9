import type { SsrLoadContext } from '../../lib/ssr-route.ts';
import { highlightsQuery } from './api/get-highlights.ts';
import { latestAnnouncementsQuery } from './api/get-latest-announcements.ts';

/** The home page's first view, fetched by the server renderer: both highlight sections and the latest announcements. */
export async function loadHome({ queryClient }: SsrLoadContext): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(highlightsQuery('hot')),
    queryClient.prefetchQuery(highlightsQuery('topDeals')),
    queryClient.prefetchQuery(latestAnnouncementsQuery()),
  ]);
}
